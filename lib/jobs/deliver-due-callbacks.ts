import { attemptDelivery, loadClaimedDeliveries, type AttemptOutcome } from "@/lib/callbacks/attempt-delivery";
import { claimDelivery, claimDueDeliveries } from "@/lib/callbacks/claim-deliveries";
import type { PrismaClient } from "@/lib/generated/prisma/client";

export type DeliveryBatch = { claimed: number; outcomes: AttemptOutcome[] };

async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      results.push(await work(item));
    }
  });
  await Promise.all(workers);
  return results;
}

/** Claims a batch of due deliveries and attempts them, `concurrency` at a time. */
export async function deliverDueCallbacks(
  db: PrismaClient,
  options: { now: Date; runnerId: string; limit?: number; concurrency?: number },
): Promise<DeliveryBatch> {
  const ids = await claimDueDeliveries(db, { now: options.now, runnerId: options.runnerId, limit: options.limit ?? 100 });
  const deliveries = ids.length ? await loadClaimedDeliveries(db, ids) : [];
  const outcomes = await inParallel(deliveries, options.concurrency ?? 16, (d) => attemptDelivery(db, d, options.runnerId, options.now));
  return { claimed: ids.length, outcomes: outcomes.filter((o): o is AttemptOutcome => o !== null) };
}

/**
 * For the event-driven path: attempt one delivery if it is due and free. Returns where it stands so
 * the caller knows when to come back; a delivery leased by someone else is looked at again later.
 */
export async function deliverOneCallback(db: PrismaClient, id: number, runner: string, now: Date) {
  if (await claimDelivery(db, id, { now, runnerId: runner })) {
    const [claimed] = await loadClaimedDeliveries(db, [id]);
    const outcome = claimed ? await attemptDelivery(db, claimed, runner, now) : null;
    if (outcome) return { state: outcome.state, nextAttemptAt: outcome.nextAttemptAt.toISOString() };
  }
  const delivery = await db.callbackDelivery.findUnique({ where: { id } });
  if (!delivery) return { state: "MISSING" as const, nextAttemptAt: null };
  const later = Math.max(delivery.nextAttemptAt.getTime(), now.getTime() + 30_000);
  return { state: delivery.state, nextAttemptAt: delivery.state === "PENDING" ? new Date(later).toISOString() : null };
}
