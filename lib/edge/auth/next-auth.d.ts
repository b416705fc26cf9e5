import type { ConsoleRole } from "@/lib/generated/prisma/enums";

declare module "next-auth" {
  interface User {
    role: ConsoleRole;
    sessionVersion: number;
  }
  interface Session {
    user: { id: number; role: ConsoleRole; sessionVersion: number; email?: string | null; name?: string | null };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid: number;
    role: ConsoleRole;
    /** The user's session_version at sign-in: a later change of password, role or active flag ends the session. */
    sv: number;
  }
}
