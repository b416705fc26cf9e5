import { randomCodeGroup } from "@/lib/base/crypto/random";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { fromCents, toCents } from "@/lib/base/money/cents";
import { loadForStaff, staffActor, type Staff } from "@/lib/domain/approvals/staff-actor";
import { evaluateTransition, lockTransaction } from "@/lib/domain/transactions/transition-transaction";
import { refusal } from "@/lib/base/messages/errors";
import { moneyOutNeedsFourEyes } from "@/lib/domain/transactions/four-eyes";
import { heldCents, OPEN_REFUND_STATES, PROPOSED_REFUND, type CardRefundOutcome } from "./card-refund-records";
import { approvedCentsOf, recordRefundProposal } from "./second-card-refund";
import { sendCardRefund } from "./send-card-refund";

export type { CardRefundOutcome } from "./card-refund-records";

/**
 * A refund through the dealer's acquirer (decisions: card refunds). The refund is reserved first (a pending
 * row, under the payment's lock, so two refunds cannot together pass the amount), then asked of the
 * acquirer with its own refund id; only its approval records it. A full refund (what is left of the amount)
 * makes the payment refunded (success -> refunded, no callback); a partial one keeps it success and is
 * written into its history. A refused refund changes nothing but its audited attempt and says why. A refund
 * that got no answer stays held as unknown until the acquirer's records settle it (resolve-card-refunds.ts);
 * while one refund of the payment is being asked or is unknown, no other is asked: the acquirer's records
 * then always tell which refund they show.
 */
export async function refundCardPayment(
  id: number,
  staff: Staff,
  reason?: string,
  amount?: string,
): Promise<CardRefundOutcome> {
  const actor = staffActor(staff);
  const { t, refund } = await inTransaction(async (tx) => {
    await loadForStaff(tx, id, staff);
    const t = await lockTransaction(tx, id);
    const verdict = await evaluateTransition(tx, t, { id, to: "refunded", actor });
    if (!verdict.ok) throw verdict.error;
    const open = await tx.cardRefund.findFirst({
      where: { transactionId: id, status: { in: [...OPEN_REFUND_STATES, PROPOSED_REFUND] } },
      orderBy: { id: "asc" },
    });
    if (open) {
      const params = { amount: open.amount.toFixed(2), refundId: open.refundId };
      throw open.status === "unknown"
        ? DomainError.coded("CONFLICT", "REFUND_UNKNOWN", refusal("refundUnknownOpen", params), "Refund unknown")
        : open.status === PROPOSED_REFUND
          ? DomainError.conflict("Refund awaits a second admin", refusal("refundProposedOpen", params))
          : DomainError.conflict("Refund in progress", refusal("refundInFlight", params));
    }
    const left = toCents(t.amount.toFixed(2))! - (await heldCents(tx, id));
    const asked = amount === undefined ? left : toCents(amount);
    if (asked === null || asked <= 0n) throw DomainError.validation([refusal("decimals", { field: "amount" })]);
    if (asked > left) throw DomainError.validation([refusal("atMost", { field: "amount", max: fromCents(left) })]);
    // Money out above the four-eyes limit is proposed, held and not sent until a second admin confirms it.
    const proposed = moneyOutNeedsFourEyes(fromCents(asked));
    const refund = await tx.cardRefund.create({
      data: {
        transactionId: id,
        refundId: `RF-${randomCodeGroup(12)}`,
        amount: fromCents(asked),
        reason: reason ?? null,
        actorLabel: staff.label,
        actorUserId: staff.userId ?? null,
        actorDealerId: staff.dealerId ?? null,
        actorViaCli: staff.viaCli ?? false,
        ...(proposed ? { status: PROPOSED_REFUND, attempts: 0 } : { attempts: 1, sentAt: new Date() }),
      },
    });
    if (proposed) await recordRefundProposal(tx, t, refund, staff);
    return { t, refund };
  });
  if (refund.status === PROPOSED_REFUND)
    return {
      trackingCode: t.trackingCode,
      status: PROPOSED_REFUND,
      amount: refund.amount.toFixed(2),
      refundedTotal: fromCents(await approvedCentsOf(t.id)),
      fullyRefunded: false,
    };
  return sendCardRefund(refund, t, staff);
}
