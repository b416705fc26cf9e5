import { prisma, type Db } from "@/lib/base/db/prisma";
import { afterCommit, type AfterCommitKind } from "@/lib/base/db/transaction";
import { logger } from "@/lib/base/observability/logger";
import { EVENTS, inngest, inngestEnabled } from "./inngest-client";
import { notifyRunners, wakeRunner } from "./runner-signal";

function logSendFailure(error: unknown): void {
  // The periodic sweep picks up anything whose event was lost.
  logger.warn({ err: String(error) }, "inngest event send failed; the sweep will pick it up");
}

// Sends still in flight: never awaited by the request that caused them, only by a process about to exit.
const holder = globalThis as unknown as { pisAnnouncements?: Set<Promise<unknown>> };
const inFlight = (holder.pisAnnouncements ??= new Set());

function inBackground(send: () => Promise<unknown>): void {
  const sending = send().catch(logSendFailure);
  inFlight.add(sending);
  void sending.finally(() => inFlight.delete(sending));
}

/** Resolves once every announcement sent so far has been answered: a CLI awaits it before it exits. */
export async function announcementsSettled(): Promise<void> {
  await Promise.all([...inFlight]);
}

/** The host a delivery posts to: Inngest runs at most a few deliveries per receiver at once (deliver-callback.ts). */
const receiverOf = (url: string) => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return "unknown";
  }
};

/** The delivery-due events for these outbox rows, each naming its receiver (the concurrency key). */
export async function deliveryDueEvents(deliveryIds: number[]) {
  const rows = await prisma.callbackDelivery.findMany({
    where: { id: { in: deliveryIds } },
    select: { id: true, url: true },
  });
  return rows.map((row) => ({ name: EVENTS.deliveryDue, data: { deliveryId: row.id, receiver: receiverOf(row.url) } }));
}

/**
 * After commit: outbox rows are due now. Inngest gets an event each, sent in the background (the request
 * that committed them never waits for Inngest; the sweep re-announces what is lost). Without Inngest the
 * runner in this process wakes; a process that runs none (the admin CLI) wakes the runners of the app's
 * processes through the database (runner-signal.ts). Only `announceDueDeliveries` calls this, through the
 * transaction's after-commit collector (dispatch.test.ts keeps it so).
 */
async function announceDeliveries(deliveryIds: number[]): Promise<void> {
  if (inngestEnabled()) return inBackground(async () => inngest.send(await deliveryDueEvents(deliveryIds)));
  if (!wakeRunner()) await notifyRunners(prisma);
}

const DUE_DELIVERIES: AfterCommitKind<number> = {
  name: "due deliveries",
  flush: (ids) => announceDeliveries([...new Set(ids)]),
};

/**
 * Called by the function that writes (or makes due again) outbox rows, inside its transaction: the rows are
 * announced once that transaction commits (lib/base/db/transaction.ts), never before and never when it
 * rolls back, so no caller has to remember to. Outside a transaction the write has committed: announced now.
 */
export async function announceDueDeliveries(db: Db, deliveryIds: number[]): Promise<void> {
  await afterCommit(db, DUE_DELIVERIES, deliveryIds);
}

/** After commit: a deposit or card payment that must expire on time. In-process, the runner polls for it. */
export async function announceExpiringTransaction(transaction: {
  id: number;
  direction: string;
  expiresAt: Date | null;
}): Promise<void> {
  if (!inngestEnabled() || !transaction.expiresAt) return;
  const name = transaction.direction === "PAYMENT" ? EVENTS.cardPaymentCreated : EVENTS.depositCreated;
  const expiresAt = transaction.expiresAt.toISOString();
  inBackground(() => inngest.send({ name, data: { transactionId: transaction.id, expiresAt } }));
}
