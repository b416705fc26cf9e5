import { prisma } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";
import { announceDeliveries } from "@/lib/jobs/dispatch";
import { transitionTransaction } from "@/lib/transactions/transition-transaction";

export type AcquirerOutcome = { orderId: string; status: "approved" | "declined" | "cancelled"; errorCode?: string; errorMessage?: string; authCode?: string };

/**
 * The acquirer's verdict, from its signed notification only (never the browser's return). A repeated or
 * late notification, such as one after the 15-minute timeout already failed the payment, changes nothing.
 */
export async function applyAcquirerOutcome(outcome: AcquirerOutcome): Promise<"applied" | "ignored" | "unknown-order"> {
  const payment = await prisma.transaction.findUnique({ where: { orderId: outcome.orderId } });
  if (!payment || payment.method !== "CREDIT_CARD") return "unknown-order";
  const to = outcome.status === "approved" ? "success" : outcome.status === "cancelled" ? "cancelled" : "failed";
  try {
    const { deliveryIds } = await prisma.$transaction((tx) =>
      transitionTransaction(tx, {
        id: payment.id,
        from: ["pending"],
        to,
        actor: { type: "GATEWAY", id: "card-acquirer" },
        note: to === "success" ? `Approved by the acquirer${outcome.authCode ? `, auth code ${outcome.authCode}` : ""}` : `${outcome.errorCode ?? to}: ${outcome.errorMessage ?? ""}`,
        data:
          to === "success"
            ? { completedAt: new Date(), gatewayReference: outcome.authCode ?? null }
            : { errorCode: outcome.errorCode ?? (to === "cancelled" ? "CANCELLED" : "DECLINED"), errorMessage: outcome.errorMessage ?? null },
      }),
    );
    await announceDeliveries(deliveryIds);
    return "applied";
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return "ignored";
    throw error;
  }
}
