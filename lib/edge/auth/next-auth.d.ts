import type { ConsoleRole } from "@/lib/generated/prisma/enums";

declare module "next-auth" {
  interface User {
    role: ConsoleRole;
    sessionVersion: number;
    secondFactor: boolean;
  }
  interface Session {
    user: {
      id: number;
      role: ConsoleRole;
      sessionVersion: number;
      secondFactor: boolean;
      email?: string | null;
      name?: string | null;
    };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid: number;
    role: ConsoleRole;
    /** The user's session_version at sign-in: a later change of password, role or active flag ends the session. */
    sv: number;
    /** Signed in with a second factor (a TOTP or recovery code). */
    mf?: boolean;
  }
}
