import type { ConsoleRole } from "@/lib/generated/prisma/enums";

declare module "next-auth" {
  interface User {
    role: ConsoleRole;
  }
  interface Session {
    user: { id: number; role: ConsoleRole; email?: string | null; name?: string | null };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid: number;
    role: ConsoleRole;
  }
}
