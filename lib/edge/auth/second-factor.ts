import { settings } from "@/lib/base/config/settings";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

/**
 * Whether this user's money actions need a session signed in with a second factor: admins where
 * CONSOLE_ADMIN_SECOND_FACTOR is "required" (production's default), and anyone who has set one up.
 */
export function secondFactorRequired(user: ConsoleUser): boolean {
  return user.totpEnabled === true || (user.role === "ADMIN" && settings.adminSecondFactor === "required");
}

/**
 * The one check approvals, payouts and refunds make before acting: null when the session may act, else the
 * refusal in the operator's language.
 */
export async function requireSecondFactor(user: ConsoleUser): Promise<string | null> {
  if (!secondFactorRequired(user) || user.secondFactor === true) return null;
  return (await consoleMessages()).secondFactor.required;
}
