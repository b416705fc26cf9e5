import type { ConsoleRole } from "@/lib/generated/prisma/enums";

/**
 * Who is signed in to the console, as far as what they may see and do depends on it (the session lives in
 * lib/edge/auth).
 */
export type ConsoleUser = {
  id: number;
  email: string;
  role: ConsoleRole;
  dealerId: number | null;
  providerId: number | null;
  /** Whether the user has a second factor (TOTP) in force, and whether this session was signed in with it. */
  totpEnabled?: boolean;
  secondFactor?: boolean;
  /** When the account was created: an admin's grace period for setting up the second factor starts then. */
  createdAt?: Date;
};
