import { logger } from "@/lib/base/observability/logger";
import { EVENTS, inngest, inngestEnabled } from "./inngest-client";
import { wakeRunner } from "./runner-signal";

function logSendFailure(error: unknown): void {
  // The periodic sweep picks up anything whose event was lost.
  logger.warn({ err: String(error) }, "inngest event send failed; the sweep will pick it up");
}

/** After commit: new outbox rows are due now. Inngest gets an event each; in-process, the runner wakes. */
export async function announceDeliveries(deliveryIds: number[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  if (!inngestEnabled()) return wakeRunner();
  await inngest.send(deliveryIds.map((deliveryId) => ({ name: EVENTS.deliveryDue, data: { deliveryId } }))).catch(logSendFailure);
}

/** After commit: a deposit or card payment that must expire on time. In-process, the runner polls for it. */
export async function announceExpiringTransaction(transaction: { id: number; direction: string; expiresAt: Date | null }): Promise<void> {
  if (!inngestEnabled() || !transaction.expiresAt) return;
  const name = transaction.direction === "PAYMENT" ? EVENTS.cardPaymentCreated : EVENTS.depositCreated;
  await inngest.send({ name, data: { transactionId: transaction.id, expiresAt: transaction.expiresAt.toISOString() } }).catch(logSendFailure);
}
