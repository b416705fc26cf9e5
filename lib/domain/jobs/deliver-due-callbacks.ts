import {
  attemptDelivery,
  attemptLease,
  deliverySender,
  loadClaimedDeliveries,
  type AttemptLease,
  type AttemptOutcome,
  type ClaimedDelivery,
} from "@/lib/domain/callbacks/attempt-delivery";
import { attemptRecorder } from "@/lib/domain/callbacks/attempt-records";
import { claimCapacity, claimDelivery, claimDueDeliveries } from "@/lib/domain/callbacks/claim-deliveries";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** `full`: the claim took as many as it could, so more may be due. */
export type DeliveryBatch = { claimed: number; full: boolean; outcomes: AttemptOutcome[] };

const CONCURRENCY = 16;

/**
 * `concurrency` senders work through the deliveries, each writing an attempt's outcome with the start of
 * its next one; their records share statements (attemptRecorder). A failure (the database gone) fails the batch once
 * every sender has stopped.
 */
async function sendAll(
  db: PrismaClient,
  lease: AttemptLease,
  deliveries: ClaimedDelivery[],
  concurrency: number,
): Promise<AttemptOutcome[]> {
  const outcomes: AttemptOutcome[] = [];
  const failures: unknown[] = [];
  let next = 0;
  // One recorder for all senders: their attempt records share statements.
  const recorder = attemptRecorder(db, lease);
  const senders = Array.from({ length: Math.min(concurrency, deliveries.length) }, async () => {
    const sender = deliverySender(db, lease, recorder);
    try {
      while (next < deliveries.length && failures.length === 0) {
        const outcome = await sender.attempt(deliveries[next++]!);
        if (outcome) outcomes.push(outcome);
      }
      await sender.finish();
    } catch (error) {
      failures.push(error);
      await sender.finish().catch(() => {});
    }
  });
  await Promise.all(senders);
  if (failures.length) throw failures[0];
  return outcomes;
}

/**
 * Claims a batch of due deliveries and attempts them, `concurrency` at a time. The batch is never larger
 * than the senders can start within the lease (claimCapacity), whatever `limit` asks for.
 */
export async function deliverDueCallbacks(
  db: PrismaClient,
  options: { now: Date; runnerId: string; limit?: number; concurrency?: number },
): Promise<DeliveryBatch> {
  const concurrency = options.concurrency ?? CONCURRENCY;
  const limit = Math.min(options.limit ?? Infinity, claimCapacity(concurrency));
  const { ids, token } = await claimDueDeliveries(db, { now: options.now, runnerId: options.runnerId, limit });
  const lease = attemptLease(token, options.now);
  const deliveries = ids.length ? await loadClaimedDeliveries(db, ids) : [];
  return {
    claimed: ids.length,
    full: ids.length === limit,
    outcomes: await sendAll(db, lease, deliveries, concurrency),
  };
}

/**
 * For the event-driven path: attempt one delivery if it is due and free. Returns where it stands so
 * the caller knows when to come back; a delivery leased by someone else is looked at again later.
 */
export async function deliverOneCallback(db: PrismaClient, id: number, runner: string, now: Date) {
  const { ids, token } = await claimDelivery(db, id, { now, runnerId: runner });
  if (ids.length === 1) {
    const [claimed] = await loadClaimedDeliveries(db, [id]);
    const outcome = claimed ? await attemptDelivery(db, claimed, attemptLease(token, now)) : null;
    if (outcome) return { state: outcome.state, nextAttemptAt: outcome.nextAttemptAt.toISOString() };
  }
  const delivery = await db.callbackDelivery.findUnique({ where: { id } });
  if (!delivery) return { state: "MISSING" as const, nextAttemptAt: null };
  const later = Math.max(delivery.nextAttemptAt.getTime(), now.getTime() + 30_000);
  return { state: delivery.state, nextAttemptAt: delivery.state === "PENDING" ? new Date(later).toISOString() : null };
}
