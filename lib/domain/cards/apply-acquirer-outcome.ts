import { prisma } from "@/lib/base/db/prisma";
import { announceDeliveries } from "@/lib/domain/outbox/dispatch";
import { reportOutcome } from "@/lib/domain/transactions/report-outcome";
import { ACQUIRER } from "@/lib/domain/transactions/transition-actor";

export type AcquirerOutcome = { orderId: string; status: "approved" | "declined" | "cancelled"; errorCode?: string; errorMessage?: string; authCode?: string };

/**
 * The acquirer's verdict, from its signed notification only (never the browser's return). A repeat
 * changes nothing; a verdict the lifecycle no longer allows (an approval after the 15-minute timeout
 * failed the payment) is recorded in the payment's history and raised for staff to refund, never dropped.
 */
export async function applyAcquirerOutcome(outcome: AcquirerOutcome): Promise<"applied" | "duplicate" | "conflict" | "unknown-order"> {
  const payment = await prisma.transaction.findUnique({ where: { orderId: outcome.orderId }, select: { id: true, method: true } });
  if (!payment || payment.method !== "CREDIT_CARD") return "unknown-order";
  const to = outcome.status === "approved" ? "success" : outcome.status === "cancelled" ? "cancelled" : "failed";
  const { result, deliveryIds } = await prisma.$transaction((tx) =>
    reportOutcome(tx, {
      id: payment.id,
      to,
      actor: ACQUIRER,
      source: "card-acquirer",
      reported: to === "success" ? `approved${outcome.authCode ? ` (auth code ${outcome.authCode})` : ""}` : `${outcome.status} (${outcome.errorCode ?? to})`,
      note: to === "success" ? `Approved by the acquirer${outcome.authCode ? `, auth code ${outcome.authCode}` : ""}` : `${outcome.errorCode ?? to}: ${outcome.errorMessage ?? ""}`,
      data:
        to === "success"
          ? { completedAt: new Date(), gatewayReference: outcome.authCode ?? null }
          : { errorCode: outcome.errorCode ?? (to === "cancelled" ? "CANCELLED" : "DECLINED"), errorMessage: outcome.errorMessage ?? null },
    }),
  );
  await announceDeliveries(deliveryIds);
  return result;
}
