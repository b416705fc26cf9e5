import { settings } from "@/lib/base/config/settings";
import type { Db } from "@/lib/base/db/prisma";
import type { SecondApproval } from "@/lib/generated/prisma/client";
import type { Staff } from "./transition-actor";

/**
 * Whether this admin's account may be the second person on this proposal, or why not
 * (docs/decisions.md, "Four-eyes eligibility"). Being someone other than the proposer is not enough: one
 * admin could create a second ADMIN account, enrol a second factor on it and confirm their own proposal. So
 * the account must be a console admin's own, active, and
 * - its access predates the proposal: created, reactivated or given a password by someone else before it;
 * - that access was not granted by the proposer (a sleeper account made ahead of time counts as theirs);
 * - where a second factor applies to it (the console's policy for admins, or one it has set up), it was in
 *   force before the proposal too, so a factor reset and enrolled anew by whoever holds the password does
 *   not count.
 * Read inside the transition's transaction, under the transaction's row lock.
 */
export async function secondPersonProblem(
  db: Db,
  staff: Staff,
  proposal: Pick<SecondApproval, "createdAt" | "proposedBy" | "proposedByUserId">,
): Promise<string | null> {
  if (staff.userId === undefined) return "the second approval is given by a signed-in admin's own console account";
  const account = await db.consoleUser.findUnique({
    where: { id: staff.userId },
    select: {
      email: true,
      role: true,
      isActive: true,
      accessGrantedAt: true,
      accessGrantedBy: true,
      totpEnabledAt: true,
    },
  });
  if (!account || account.role !== "ADMIN" || !account.isActive)
    return "the second approval is given by an active admin account";
  const proposedAt = proposal.createdAt;
  if (account.accessGrantedAt >= proposedAt)
    return (
      `${account.email} got its access at ${account.accessGrantedAt.toISOString()}, after the proposal was ` +
      `made (${proposedAt.toISOString()})`
    );
  if (proposal.proposedByUserId !== null && account.accessGrantedBy === proposal.proposedByUserId)
    return `${account.email} got its access from ${proposal.proposedBy}, who proposed it`;
  const factorApplies = account.totpEnabledAt !== null || settings.adminSecondFactor === "required";
  if (factorApplies && (account.totpEnabledAt === null || account.totpEnabledAt >= proposedAt))
    return `${account.email} set up its second factor after the proposal was made (${proposedAt.toISOString()})`;
  return null;
}
