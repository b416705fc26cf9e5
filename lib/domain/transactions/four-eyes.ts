import { settings } from "@/lib/base/config/settings";
import type { Db } from "@/lib/base/db/prisma";
import type { SecondApproval, TransactionStatus } from "@/lib/generated/prisma/client";
import { STATUSES } from "@/lib/domain/payment-methods";
import type { TransitionRule } from "@/lib/domain/payment-methods";
import type { Staff, TransitionActor } from "./transition-actor";

function cents(amount: string): bigint {
  const [whole = "0", fraction = ""] = amount.split(".");
  return BigInt(whole) * 100n + BigInt((fraction + "00").slice(0, 2));
}

/** Whether the amount set differs from the requested one by more than the configured tolerance. */
export function amountDiffersBeyondTolerance(
  requested: string,
  final: string,
  tolerance = settings.fourEyesAmountTolerance,
): boolean {
  const difference = cents(final) - cents(requested);
  return (difference < 0n ? -difference : difference) > cents(tolerance);
}

/** Whether paying `amount` out needs a second admin (FOUR_EYES_MONEY_OUT_ABOVE). */
export function moneyOutNeedsFourEyes(amount: string, above = settings.fourEyesMoneyOutAbove): boolean {
  return cents(amount) > cents(above);
}

/** Whether the table's rule asks for a second admin for this move with this amount. */
export function needsFourEyes(rule: TransitionRule, requested: string, final: string | null): boolean {
  if (rule.fourEyes === "always") return true;
  if (rule.fourEyes === "money_out") return moneyOutNeedsFourEyes(final ?? requested);
  return rule.fourEyes === "amount_differs" && final !== null && amountDiffersBeyondTolerance(requested, final);
}

type Proposer = Pick<SecondApproval, "proposedByUserId" | "proposedBy" | "proposedViaCli">;

/**
 * Whether a staff member is the one who proposed. A console account is its user id (and its email, so a
 * renamed account is still the same person); the admin CLI has no login of its own, so every CLI run is
 * one and the same person, "the admin CLI" (docs/decisions.md §four eyes).
 */
export function isProposer(staff: Staff, proposal: Proposer): boolean {
  if (staff.viaCli && proposal.proposedViaCli) return true;
  if (staff.userId !== undefined && staff.userId === proposal.proposedByUserId) return true;
  return staff.label.trim().toLowerCase() === proposal.proposedBy.trim().toLowerCase();
}

/**
 * Why this staff member cannot be the second person on a proposal, whatever it proposes: the admin CLI has no
 * person behind it to tell apart, and the proposer is not a second person. Null when they can be.
 */
export function secondPersonOfProposer(staff: Staff, proposal: Proposer): string | null {
  if (staff.viaCli) return "the second approval is given in the console by a signed-in admin, not by the admin CLI";
  if (isProposer(staff, proposal))
    return `the second approval must come from an admin other than ${proposal.proposedBy}`;
  return null;
}

/**
 * Why this actor cannot be the second person on this proposal, or null when they can: only a signed-in
 * admin (never dealer staff, never the admin CLI, whose runs have no person behind them to tell apart)
 * other than the proposer, confirming exactly the move and the amount that were proposed.
 */
export function secondApproverProblem(
  actor: TransitionActor,
  proposal: SecondApproval,
  to: string,
  final: string | null,
  reference: string | undefined,
): string | null {
  if (actor.role !== "admin") return "only an admin can give the second approval";
  const person = secondPersonOfProposer(actor.staff, proposal);
  if (person) return person;
  // The status may have moved on meanwhile (the customer said "sent"); the rule from where it stands applies.
  if (proposal.toStatus !== to) return `the proposal was for ${proposal.toStatus}`;
  if (final === null || proposal.amount.toFixed(2) !== final)
    return `the proposal was for ${proposal.amount.toFixed(2)}`;
  if ((proposal.bankReference ?? undefined) !== reference) return "the bank reference differs from the proposal's";
  return null;
}

/** The open proposal of this transaction with this id, if any (read under the transaction's row lock). */
export async function openProposal(
  tx: Db,
  transactionId: number,
  id: number | undefined,
): Promise<SecondApproval | null> {
  if (id === undefined) return null;
  const proposal = await tx.secondApproval.findUnique({ where: { id } });
  return proposal && proposal.openFor === transactionId ? proposal : null;
}

/**
 * Closes the proposal as confirmed by `staff`, in the transition's database transaction; false if it is no longer open.
 */
export async function closeAsConfirmed(tx: Db, proposal: SecondApproval, staff: Staff): Promise<boolean> {
  const { count } = await tx.secondApproval.updateMany({
    where: { id: proposal.id, openFor: proposal.transactionId },
    data: {
      openFor: null,
      decision: "confirmed",
      decidedBy: staff.label,
      decidedByUserId: staff.userId ?? null,
      decidedAt: new Date(),
    },
  });
  return count === 1;
}

/**
 * A transaction that reaches a final status by another move (the customer canceled, time ran out) no
 * longer has the proposal awaiting it: it is closed as superseded, so a late completion is proposed anew.
 */
export async function supersedeOpenProposals(tx: Db, transactionId: number, to: TransactionStatus): Promise<void> {
  if (!STATUSES[to].final) return;
  await tx.secondApproval.updateMany({
    where: { openFor: transactionId },
    data: { openFor: null, decision: "superseded", decidedAt: new Date() },
  });
}
