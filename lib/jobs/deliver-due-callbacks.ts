import { attemptDelivery, attemptLease, loadClaimedDeliveries, type AttemptOutcome } from "@/lib/callbacks/attempt-delivery";
import { claimCapacity, claimDelivery, claimDueDeliveries } from "@/lib/callbacks/claim-deliveries";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** `full`: the claim took as many as it could, so more may be due. */
export type DeliveryBatch = { claimed: number; full: boolean; outcomes: AttemptOutcome[] };

const CONCURRENCY = 16;

/** Runs `work` over the items, `limit` at a time; a failure (the database gone) fails the whole only once every started item has finished. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  const failures: unknown[] = [];
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length && failures.length === 0) {
      const item = items[next++]!;
      await work(item).then((result) => results.push(result), (error: unknown) => failures.push(error));
    }
  });
  await Promise.all(workers);
  if (failures.length) throw failures[0];
  return results;
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
  const outcomes = await inParallel(deliveries, concurrency, (d) => attemptDelivery(db, d, lease));
  return { claimed: ids.length, full: ids.length === limit, outcomes: outcomes.filter((o): o is AttemptOutcome => o !== null) };
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
