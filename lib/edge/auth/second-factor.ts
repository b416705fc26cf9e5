import { settings } from "@/lib/base/config/settings";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether this user must have a second factor at all: admins where CONSOLE_ADMIN_SECOND_FACTOR is "required"
 * (production's default).
 */
export function secondFactorMandatory(user: ConsoleUser): boolean {
  return user.role === "ADMIN" && settings.adminSecondFactor === "required";
}

/**
 * Until when an admin who must have a second factor and has none may still approve, pay out and refund
 * without it: the account's creation plus CONSOLE_ADMIN_SECOND_FACTOR_GRACE_DAYS. Null when the user needs
 * no grace (one is set up, or none is required); an account of unknown age has none.
 */
export function secondFactorGraceEnds(user: ConsoleUser): Date | null {
  if (user.totpEnabled === true || !secondFactorMandatory(user)) return null;
  return new Date((user.createdAt?.getTime() ?? 0) + settings.adminSecondFactorGraceDays * DAY_MS);
}

/**
 * Whether this user's money actions need a session signed in with a second factor: anyone who has set one
 * up, and admins where it is required once their grace period (secondFactorGraceEnds) is over.
 */
export function secondFactorRequired(user: ConsoleUser, now = new Date(), grace = true): boolean {
  if (user.totpEnabled === true) return true;
  if (!grace) return secondFactorMandatory(user);
  const graceEnds = secondFactorGraceEnds(user);
  return graceEnds !== null && now >= graceEnds;
}

/**
 * The one check approvals, payouts and refunds make before acting: null when the session may act, else the
 * refusal in the operator's language. Money settings (a connector's configuration, an admin grant) pass
 * `grace: false`: a new admin's grace period covers approving money, never changing the keys that would
 * let its holder forge an acquirer's answers.
 */
export async function requireSecondFactor(
  user: ConsoleUser,
  { grace = true }: { grace?: boolean } = {},
): Promise<string | null> {
  if (!secondFactorRequired(user, new Date(), grace) || user.secondFactor === true) return null;
  return (await consoleMessages()).secondFactor.required;
}
