import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { fromCents, toCents } from "@/lib/base/money/cents";
import type { Staff } from "@/lib/domain/audit/record-audit";
import { heldCents, recordRefundMade } from "@/lib/domain/cards/card-refund-records";
import { lockTransaction } from "@/lib/domain/transactions/transition-transaction";
import type { ReconDiscrepancy } from "@/lib/generated/prisma/client";
import { differenceOf } from "./book-difference";

/**
 * What accepting the partner's record writes: a refund, void or chargeback made at the acquirer as the card payment's
 * refund; any other difference in money as a ledger adjustment between the dealer's cash and its own account.
 */
export type Acceptance = "record_card_refund" | "book_difference";

const REFUND_LIKE = new Set(["refund", "void", "chargeback"]);

/**
 * What accepting this discrepancy would apply, or null where nothing can be applied here and staff explain it
 * instead (docs/reconciliation.md, "Resolutions"). A refund, void or chargeback the acquirer made of one of our
 * paid card payments is recorded as that payment's refund: the ledger's card refund and, when the refunds reach
 * its amount, the lifecycle's success -> refunded, as a refund the acquirer confirmed always is. Any other money
 * the partner moved and we did not book (or the other way round) is booked as it stands (book-difference.ts).
 */
export function acceptanceOf(d: ReconDiscrepancy): Acceptance | null {
  if (
    d.account.startsWith("acquirer:") &&
    d.kind === "partners_only" &&
    REFUND_LIKE.has(d.recordKind) &&
    d.transactionId
  )
    return "record_card_refund";
  return differenceOf(d) ? "book_difference" : null;
}

const problem = (why: string) => DomainError.validation([refusal("discrepancyAcceptProblem", { why })]);

/**
 * Records the acquirer's refund, void or chargeback as the payment's refund, once: the refund carries the
 * discrepancy's own refund id, so a confirmation repeated after a crash finds it instead of refunding twice. It is
 * reserved under the payment's row lock, as every refund is (refund-card-payment.ts), so it and a refund staff ask
 * meanwhile cannot together pass the amount; then recorded made through the card refund records.
 */
export async function recordAcquirerRefund(
  d: ReconDiscrepancy,
  staff: Staff,
): Promise<{ kind: Acceptance; summary: string }> {
  const kind = "record_card_refund";
  const refundId = `recon-${d.id}`;
  const amount = d.amount.toFixed(2);
  const theirs = (d.theirs ?? {}) as { partnerReference?: string | null };
  const summary = `${d.recordKind} of ${amount} ${d.currency} at the acquirer recorded as refund ${refundId}`;
  const refund = await inTransaction(async (tx) => {
    const payment = await lockTransaction(tx, d.transactionId!);
    const existing = await tx.cardRefund.findUnique({ where: { refundId } });
    if (existing) return existing;
    if (payment.status !== "success") throw problem(`the payment is ${payment.status}, not paid`);
    if (payment.currency !== d.currency)
      throw problem(`the payment is in ${payment.currency}, the record in ${d.currency}`);
    const left = toCents(payment.amount.toFixed(2))! - (await heldCents(tx, payment.id));
    if (toCents(amount)! > left) throw problem(`only ${fromCents(left)} of the payment is left to refund`);
    return tx.cardRefund.create({
      data: {
        transactionId: payment.id,
        refundId,
        amount,
        status: "unknown",
        reason: `${d.recordKind} at the acquirer, found by reconciliation`,
        actorLabel: staff.label,
        actorUserId: staff.userId ?? null,
      },
    });
  });
  if (refund.status !== "approved") await recordRefundMade(refund, theirs.partnerReference ?? null, staff, "inquiry");
  return { kind, summary };
}
