import { raiseAlert } from "@/lib/domain/alerts/raise-alert";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { GatewayRefusal, gatewayAdapter } from "@/lib/integrations/gateways/third-party-gateway";
import { announceDeliveries } from "@/lib/domain/outbox/dispatch";
import { logger } from "@/lib/base/observability/logger";
import { reportOutcome } from "@/lib/domain/transactions/report-outcome";
import { gatewayActor, SYSTEM } from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";

/**
 * Hands a third-party withdrawal to its gateway. The withdrawal is claimed first (showing -> processing,
 * committed), and only a claimed one is ever sent: the expiry job cancels only withdrawals never claimed,
 * so a "canceled" callback can never go out while the gateway holds a payout order.
 * Returns false when it was not this call's to send (already claimed, time up, not a third-party one).
 */
export async function submitWithdrawalToGateway(id: number): Promise<boolean> {
  const w = await prisma.transaction.findUnique({ where: { id }, include: { gateway: true } });
  if (!w?.gateway) return false;
  try {
    // A gateway we cannot call at all (no adapter, no secret) is not claimed: nothing can have been sent,
    // so the withdrawal stays showing and is canceled at expires_at unless it becomes callable in time.
    gatewayAdapter(w.gateway);
  } catch (error) {
    logger.warn({ tracking_code: w.trackingCode, gateway: w.gateway.code, err: String(error) }, "gateway cannot be called; will retry");
    return false;
  }
  try {
    await prisma.$transaction((tx) => transitionTransaction(tx, { id, to: "processing", actor: SYSTEM, note: "Handed to the gateway" }));
  } catch (error) {
    if (error instanceof DomainError && (error.code === "INVALID_TRANSITION" || error.code === "NOT_FOUND")) return false;
    throw error;
  }
  await sendClaimedWithdrawal(id);
  return true;
}

/**
 * Sends the order of a claimed withdrawal (processing, no gateway reference yet). The gateway deduplicates on
 * the tracking code, so sending again after a timeout is safe. A definitive refusal (4xx) fails the
 * withdrawal with the gateway's words; a network error or 5xx leaves it for the job runner to send again.
 */
export async function sendClaimedWithdrawal(id: number): Promise<"sent" | "refused" | "retry"> {
  const w = await prisma.transaction.findUnique({ where: { id }, include: { gateway: true } });
  if (!w?.gateway || w.status !== "processing" || w.gatewayReference) return "sent";
  const gateway = w.gateway;
  try {
    const { gatewayReference } = await gatewayAdapter(gateway).submitWithdrawal({ clientRef: w.trackingCode, amount: w.amount.toFixed(2), account: (w.accountDetails ?? {}) as Record<string, string> });
    await prisma.transaction.updateMany({ where: { id, gatewayReference: null }, data: { gatewayReference } });
    return "sent";
  } catch (error) {
    if (error instanceof GatewayRefusal) {
      const { deliveryIds } = await prisma.$transaction((tx) =>
        reportOutcome(tx, { id, to: "failed", actor: gatewayActor(gateway), source: `gateway ${gateway.code}`, reported: "a refusal of the order", note: `Refused by ${gateway.name}: ${error.message}`, data: { errorMessage: error.message } }),
      );
      await announceDeliveries(deliveryIds);
      return "refused";
    }
    logger.warn({ tracking_code: w.trackingCode, gateway: gateway.code, err: String(error) }, "gateway submission failed; will retry");
    return "retry";
  }
}

/**
 * Withdrawals the job runner looks after: never claimed (the create's own hand-over failed before the
 * claim) are claimed and sent; claimed but never acknowledged are sent again. One that is still without
 * an answer after its expiry time is raised for staff, and sending goes on.
 */
export async function resubmitUnsentWithdrawals(now = new Date(), olderThanMs = 30_000): Promise<number> {
  const before = new Date(now.getTime() - olderThanMs);
  const waiting = await prisma.transaction.findMany({
    where: {
      direction: "WITHDRAWAL",
      gatewayId: { not: null },
      createdAt: { lt: before },
      OR: [
        { status: "showing", expiresAt: { gt: now } },
        { status: "processing", gatewayReference: null },
      ],
    },
    select: { id: true, status: true, expiresAt: true, trackingCode: true, dealerId: true, providerId: true, gatewayId: true },
    take: 50,
  });
  for (const w of waiting) {
    if (w.status === "showing") await submitWithdrawalToGateway(w.id);
    else if ((await sendClaimedWithdrawal(w.id)) === "retry" && w.expiresAt && w.expiresAt <= now) {
      await raiseAlert(prisma, {
        kind: "gateway_unreachable",
        source: "system",
        transaction: { id: w.id, dealerId: w.dealerId, providerId: w.providerId },
        message: `${w.trackingCode}: handed to its gateway but not acknowledged by its expiry time; still retrying.`,
        dedupeKey: `gateway_unreachable:${w.id}`,
      });
    }
  }
  return waiting.length;
}
