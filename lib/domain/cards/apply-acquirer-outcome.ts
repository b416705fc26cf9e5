import { prisma } from "@/lib/base/db/prisma";
import { note } from "@/lib/base/messages/notes";
import { inTransaction } from "@/lib/base/db/transaction";
import { reportOutcome } from "@/lib/domain/transactions/report-outcome";
import { ACQUIRER } from "@/lib/domain/transactions/transition-actor";
import type { PaymentOutcome } from "@/lib/integrations/connectors/ports";

export type ApplyResult = "applied" | "duplicate" | "conflict" | "unknown-order" | "no-verdict";

/**
 * The acquirer's verdict on one of our orders, from a verified return, notification or status inquiry (the
 * connector checked signature, order id and amount). A repeat changes nothing; a verdict the lifecycle no
 * longer allows (an approval after the 15-minute timeout failed the payment) is recorded in the payment's
 * history and raised for staff to refund, never dropped. "pending" and "not_found" are no verdict.
 */
export async function applyAcquirerOutcome(orderId: string, outcome: PaymentOutcome): Promise<ApplyResult> {
  if (outcome.status === "pending" || outcome.status === "not_found") return "no-verdict";
  const payment = await prisma.transaction.findUnique({ where: { orderId }, select: { id: true, method: true, status: true } });
  if (!payment || payment.method !== "CREDIT_CARD") return "unknown-order";
  // The approval that a refund followed is already recorded: hearing it again is a repeat, not a conflict.
  if (outcome.status === "approved" && payment.status === "refunded") return "duplicate";
  const to = outcome.status === "approved" ? "success" : outcome.status === "cancelled" ? "cancelled" : "failed";
  const auth = outcome.status === "approved" ? (outcome.authCode ?? null) : null;
  const error = outcome.status === "approved" ? null : outcome.error;
  const { result } = await inTransaction((tx) =>
    reportOutcome(tx, {
      id: payment.id,
      to,
      actor: ACQUIRER,
      source: "card-acquirer",
      reported: error ? `${outcome.status} (${error.code})` : `approved${auth ? ` (auth code ${auth})` : ""}`,
      note: error ? note("acquirerDeclined", { code: error.code, message: error.message }) : note("acquirerApproved", { authCode: auth ?? undefined }),
      data: error ? { errorCode: error.code, errorMessage: error.message } : { completedAt: new Date(), gatewayReference: auth ?? outcome.partnerReference },
    }),
  );
  return result;
}
