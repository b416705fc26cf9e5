import type { Db } from "@/lib/base/db/prisma";
import { fromCents, toCents } from "@/lib/base/money/cents";
import type { Staff } from "@/lib/domain/audit/record-audit";
import { negate } from "@/lib/domain/ledger/fee";
import { postEntrySet } from "@/lib/domain/ledger/post-entry-set";
import type { ReconDiscrepancy } from "@/lib/generated/prisma/client";
import { dayOf } from "./recon-day";

/** Records that bring money into the dealer's account; the rest (refunds, voids, chargebacks, payouts) take it out. */
const INFLOW = new Set(["sale", "deposit"]);

/** What the book must move for the partner's record to hold: money into (or out of) the dealer's account. */
export type Difference = { amount: string; into: boolean };

type Sides = Pick<ReconDiscrepancy, "kind" | "recordKind" | "amount" | "currency" | "dealerId" | "ours" | "theirs">;

/**
 * The money the partner's record says moved and the service did not book (or booked and did not move), or null where
 * there is none to book: another currency than the ledger's lira, no dealer whose account it is, no difference.
 * - the partner's only (a sale or deposit we never sent, a payout paid twice), or the partner succeeded where we
 *   failed (a late approval): its amount, into the account for a sale or deposit, out of it otherwise;
 * - ours only, or we succeeded where the partner did not: our amount, the other way;
 * - the amount differs: the difference, into the account when the partner's sale or deposit is larger (or its
 *   payout or refund smaller).
 */
export function differenceOf(d: Sides): Difference | null {
  const theirs = (d.theirs ?? null) as { amount?: string; status?: string; currency?: string } | null;
  const ours = (d.ours ?? null) as { amount?: string; currency?: string } | null;
  if (d.dealerId === null || d.currency.toUpperCase() !== "TRY") return null;
  const inflow = INFLOW.has(d.recordKind);
  const cents = (amount: string | undefined) => toCents(amount ?? "") ?? null;
  let moved: bigint | null;
  if (d.kind === "partners_only" || (d.kind === "status_differs" && theirs?.status === "succeeded"))
    moved = cents(theirs?.amount);
  else if (d.kind === "ours_only" || d.kind === "status_differs") moved = -(cents(ours?.amount) ?? 0n);
  else if (ours?.currency && ours.currency.toUpperCase() !== d.currency.toUpperCase()) return null;
  else moved = (cents(theirs?.amount) ?? 0n) - (cents(ours?.amount) ?? 0n);
  if (moved === null || moved === 0n) return null;
  const into = moved > 0n === inflow;
  return { amount: fromCents(moved < 0n ? -moved : moved), into };
}

/**
 * Books the difference between the dealer's cash and its own account (docs/ledger.md, adjustments): the cash then
 * holds what the partner says it holds, and the dealer's own account carries what no payment of the service
 * explains until it is settled (a customer refunded, a double payout recovered). An adjustment set of its own, caused
 * by the acceptance's audit entry, so it is posted once.
 */
export async function bookDifference(
  tx: Db,
  d: ReconDiscrepancy,
  difference: Difference,
  staff: Staff,
  auditId: number,
) {
  const cash = { kind: "DEALER_CASH" as const, dealerId: d.dealerId! };
  const own = { kind: "DEALER_OWN" as const, dealerId: d.dealerId! };
  const [debit, credit] = difference.into ? [cash, own] : [own, cash];
  const day = dayOf(d.day);
  await postEntrySet(tx, {
    kind: "ADJUSTMENT",
    causeId: auditId,
    transactionId: d.transactionId,
    providerId: null,
    dealerId: d.dealerId!,
    amount: difference.amount,
    reason: `Reconciliation ${d.partner} ${day}: ${d.kind} ${d.recordKind} (discrepancy ${d.id})`,
    recordedBy: staff.label,
    lines: [
      { account: debit, line: "AMOUNT", amount: difference.amount },
      { account: credit, line: "AMOUNT", amount: negate(difference.amount) },
    ],
  });
}
