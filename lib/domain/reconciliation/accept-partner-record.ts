import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { fromCents, toCents } from "@/lib/base/money/cents";
import type { Staff } from "@/lib/domain/audit/record-audit";
import { recordRefundMade } from "@/lib/domain/cards/card-refund-records";
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
 * discrepancy's own refund id, so a confirmation repeated after a crash finds it instead of refunding twice. (It
 * goes through the card refund records, which open their own transaction under the payment's lock.)
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
  const existing = await prisma.cardRefund.findUnique({ where: { refundId } });
  if (existing?.status === "approved") return { kind, summary };
  const payment = await prisma.transaction.findUnique({
    where: { id: d.transactionId! },
    select: {
      id: true,
      status: true,
      amount: true,
      currency: true,
      cardRefunds: { select: { amount: true, status: true } },
    },
  });
  if (!payment || payment.status !== "success")
    throw problem(`the payment is ${payment?.status ?? "missing"}, not paid`);
  if (payment.currency !== d.currency)
    throw problem(`the payment is in ${payment.currency}, the record in ${d.currency}`);
  const held = payment.cardRefunds
    .filter((r) => r.status === "approved" || r.status === "pending" || r.status === "unknown")
    .reduce((sum, r) => sum + toCents(r.amount.toFixed(2))!, 0n);
  const left = toCents(payment.amount.toFixed(2))! - held;
  if (!existing && toCents(amount)! > left) throw problem(`only ${fromCents(left)} of the payment is left to refund`);
  const refund =
    existing ??
    (await prisma.cardRefund.create({
      data: {
        transactionId: payment.id,
        refundId,
        amount,
        status: "unknown",
        reason: `${d.recordKind} at the acquirer, found by reconciliation`,
        actorLabel: staff.label,
        actorUserId: staff.userId ?? null,
      },
    }));
  await recordRefundMade(refund, theirs.partnerReference ?? null, staff, "inquiry");
  return { kind, summary };
}
