import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import type { CardRefund, Transaction } from "@/lib/generated/prisma/client";
import type { CardOrderRef, RefundResult } from "@/lib/integrations/connectors/ports";
import { paidOrderId } from "./card-attempts";
import {
  markRefundUnknown,
  recordRefundMade,
  recordRefundRefused,
  type CardRefundOutcome,
} from "./card-refund-records";
import { dealerCardAcquirer } from "./dealer-acquirer";

/**
 * Our side of the payment as the acquirer's answers are checked against it. The acquirer knows the charge by
 * the order id of the attempt it approved (card-attempts.ts): refunds and their inquiries name that order.
 */
export async function cardOrderOf(
  payment: Pick<Transaction, "id" | "orderId" | "amount" | "currency" | "gatewayReference">,
): Promise<CardOrderRef> {
  return {
    orderId: await paidOrderId(prisma, payment),
    amount: payment.amount.toFixed(2),
    currency: payment.currency,
    partnerReference: payment.gatewayReference,
  };
}

/**
 * Sends a refund the caller has made pending (the first attempt, or a retry of an unknown one after the
 * acquirer's records showed it was not made) with the refund's own id, and records the answer: approved,
 * refused (a DomainError saying why), or no answer, which leaves the refund unknown (a DomainError saying so).
 */
export async function sendCardRefund(
  refund: CardRefund,
  payment: Transaction,
  auditor: Actor,
): Promise<CardRefundOutcome> {
  const amount = refund.amount.toFixed(2);
  const acquirer = await dealerCardAcquirer(prisma, payment.dealerId);
  if (!acquirer) {
    // Nothing was sent now. A first attempt is released; a retry goes back to unknown (the first one may have been
    // made).
    const why = "no usable card acquirer is configured for the dealer";
    if (refund.attempts > 1) await markRefundUnknown(refund, why, auditor);
    else {
      await prisma.cardRefund.updateMany({
        where: { id: refund.id, status: "pending" },
        data: { status: "error", errorMessage: why },
      });
      await recordAudit(prisma, auditor, {
        action: "transaction.refund_failed",
        entityType: "transaction",
        entityId: payment.id,
        after: { refundId: refund.refundId, amount, error: why },
      });
    }
    throw DomainError.forbidden("Card acquirer not configured", refusal("noAcquirer"));
  }
  let result: RefundResult;
  try {
    result = await acquirer.connector.refund(
      acquirer.config,
      { ...(await cardOrderOf(payment)), refundId: refund.refundId },
      amount,
    );
  } catch (error) {
    // The call may have reached the acquirer: never "failed", never released, until its records say.
    await markRefundUnknown(refund, error instanceof Error ? error.message : String(error), auditor);
    throw DomainError.coded(
      "CONFLICT",
      "REFUND_UNKNOWN",
      refusal("refundNoAnswer", { amount, refundId: refund.refundId }),
      "Refund unknown",
    );
  }
  if (!result.ok) {
    await recordRefundRefused(refund, result.error, auditor);
    throw DomainError.coded(
      "CONFLICT",
      result.error.code,
      refusal("refundRefused", { code: result.error.code, why: result.error.message }),
      "Refund refused",
    );
  }
  const recorded = await recordRefundMade(refund, result.partnerReference, auditor, "answer");
  if (!recorded)
    throw DomainError.conflict("Refund settled meanwhile", refusal("refundSettled", { refundId: refund.refundId }));
  return recorded;
}
