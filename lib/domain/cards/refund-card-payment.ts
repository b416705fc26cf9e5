import { randomCodeGroup } from "@/lib/base/crypto/random";
import { note, noteColumns } from "@/lib/base/messages/notes";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { fromCents, toCents } from "@/lib/base/money/cents";
import { loadForStaff, staffActor, type Staff } from "@/lib/domain/approvals/staff-actor";
import { recordAudit } from "@/lib/domain/audit/record-audit";
import { evaluateTransition, lockTransaction, transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { historyActor } from "@/lib/domain/transactions/transition-actor";
import type { RefundResult } from "@/lib/integrations/connectors/ports";
import { paidOrderId } from "./card-attempts";
import { requireDealerCardAcquirer } from "./dealer-acquirer";
import { refusal } from "@/lib/base/messages/errors";
import { postCardRefund } from "@/lib/domain/ledger/post-money-event";

export type CardRefundOutcome = { trackingCode: string; status: string; amount: string; refundedTotal: string; fullyRefunded: boolean };

/** What is already given back or being asked for: approved and pending refunds hold their amounts. */
async function heldCents(tx: Pick<typeof prisma, "cardRefund">, transactionId: number): Promise<bigint> {
  const rows = await tx.cardRefund.findMany({ where: { transactionId, status: { in: ["approved", "pending"] } }, select: { amount: true } });
  return rows.reduce((sum, r) => sum + toCents(r.amount.toFixed(2))!, 0n);
}

/**
 * A refund through the dealer's acquirer (decisions: card refunds). The refund is reserved first (a pending
 * row, under the payment's lock, so two refunds cannot together pass the amount), then asked of the
 * acquirer; only its approval records it. A full refund (what is left of the amount) makes the payment
 * refunded (success -> refunded, no callback); a partial one keeps it success and is written into its
 * history. A refused refund changes nothing but its audited attempt and says why.
 */
export async function refundCardPayment(id: number, staff: Staff, reason?: string, amount?: string): Promise<CardRefundOutcome> {
  const actor = staffActor(staff);
  const reserved = await inTransaction(async (tx) => {
    await loadForStaff(tx, id, staff);
    const t = await lockTransaction(tx, id);
    const verdict = await evaluateTransition(tx, t, { id, to: "refunded", actor });
    if (!verdict.ok) throw verdict.error;
    const left = toCents(t.amount.toFixed(2))! - (await heldCents(tx, id));
    const asked = amount === undefined ? left : toCents(amount);
    if (asked === null || asked <= 0n) throw DomainError.validation([refusal("decimals", { field: "amount" })]);
    if (asked > left) throw DomainError.validation([refusal("atMost", { field: "amount", max: fromCents(left) })]);
    const refund = await tx.cardRefund.create({ data: { transactionId: id, refundId: `RF-${randomCodeGroup(12)}`, amount: fromCents(asked), reason: reason ?? null, actorLabel: staff.label } });
    return { t, refund };
  });
  const { t, refund } = reserved;
  const refundAmount = refund.amount.toFixed(2);
  let result: RefundResult;
  try {
    const acquirer = await requireDealerCardAcquirer(prisma, t.dealerId);
    // The acquirer knows the charge by the order id of the attempt it approved (card-attempts.ts).
    result = await acquirer.connector.refund(acquirer.config, { orderId: await paidOrderId(prisma, t), amount: t.amount.toFixed(2), partnerReference: t.gatewayReference, refundId: refund.refundId }, refundAmount);
  } catch (error) {
    // Not asked, or no answer: the reservation is released; whether the acquirer acted is for staff to check.
    await prisma.cardRefund.update({ where: { id: refund.id }, data: { status: "error", errorMessage: error instanceof Error ? error.message : String(error) } });
    await recordAudit(prisma, staff, { action: "transaction.refund_failed", entityType: "transaction", entityId: id, after: { refundId: refund.refundId, amount: refundAmount, error: error instanceof Error ? error.message : String(error) } });
    if (error instanceof DomainError) throw error;
    throw DomainError.conflict("Acquirer unavailable", refusal("refundUnasked", { why: error instanceof Error ? error.message : String(error) }));
  }
  if (!result.ok) {
    await inTransaction(async (tx) => {
      await tx.cardRefund.update({ where: { id: refund.id }, data: { status: "refused", errorCode: result.error.code, errorMessage: result.error.message } });
      await recordAudit(tx, staff, { action: "transaction.refund_refused", entityType: "transaction", entityId: id, after: { refundId: refund.refundId, amount: refundAmount, code: result.error.code, message: result.error.message } });
    });
    throw DomainError.coded("CONFLICT", result.error.code, refusal("refundRefused", { code: result.error.code, why: result.error.message }), "Refund refused");
  }
  const partnerReference = result.partnerReference;
  return inTransaction(async (tx) => {
    await tx.cardRefund.update({ where: { id: refund.id }, data: { status: "approved", partnerReference } });
    const current = await lockTransaction(tx, id);
    // The approved refund is a money event of its own (partial or full), under the payment's lock.
    await postCardRefund(tx, { id: refund.id, amount: refundAmount }, current);
    const approved = (await tx.cardRefund.findMany({ where: { transactionId: id, status: "approved" }, select: { amount: true } })).reduce((s, r) => s + toCents(r.amount.toFixed(2))!, 0n);
    const full = approved >= toCents(current.amount.toFixed(2))!;
    await recordAudit(tx, staff, { action: "transaction.refund", entityType: "transaction", entityId: id, after: { refundId: refund.refundId, amount: refundAmount, refundedTotal: fromCents(approved), partnerReference } });
    if (full) {
      const refunded = note("refunded", { reason });
      const { transaction } = await transitionTransaction(tx, { id, to: "refunded", actor, note: refunded, data: { outcomeReason: reason ?? null } });
      return { trackingCode: transaction.trackingCode, status: transaction.status, amount: refundAmount, refundedTotal: fromCents(approved), fullyRefunded: true };
    }
    await tx.transactionEvent.create({
      data: { transactionId: id, fromStatus: current.status, toStatus: current.status, ...historyActor(actor), ...noteColumns(note("partialRefund", { amount: refundAmount, reason })) },
    });
    return { trackingCode: current.trackingCode, status: current.status, amount: refundAmount, refundedTotal: fromCents(approved), fullyRefunded: false };
  });
}
