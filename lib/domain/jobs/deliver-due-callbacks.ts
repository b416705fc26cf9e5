import { attemptLease, type AttemptOutcome, type LeasedDelivery } from "@/lib/domain/callbacks/attempt-delivery";
import { claimCapacity, claimDelivery, claimDueDeliveries } from "@/lib/domain/callbacks/claim-deliveries";
import { loadClaimedDeliveries } from "@/lib/domain/callbacks/claimed-deliveries";
import { attemptDelivery, runDeliveryPipeline } from "@/lib/domain/callbacks/delivery-pipeline";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * `claimed`: the deliveries taken, over `claims` (each claim's size); `full`: the last claim took as many as it
 * could, so more may be due.
 */
export type DeliveryBatch = { claimed: number; claims: number[]; full: boolean; outcomes: AttemptOutcome[] };

const CONCURRENCY = 16;
/** How long one call keeps claiming ahead, so the runner's loop gets back to its other work (expiry, housekeeping). */
const CLAIM_AHEAD_MS = 1_000;

/**
 * Claims due deliveries and attempts them, `concurrency` at a time. No claim is larger than the senders can
 * start within its lease (claimCapacity); the next one is taken ahead, while the last deliveries of the one
 * before are being sent, for as long as claims come back full, `limit` (the call's total) allows and the call
 * is younger than `claimAheadMs`. Every claim's lease runs on the call's clock: `now` moving on in real time.
 */
export async function deliverDueCallbacks(
  db: PrismaClient,
  options: { now: Date; runnerId: string; limit?: number; concurrency?: number; claimAheadMs?: number },
): Promise<DeliveryBatch> {
  const concurrency = options.concurrency ?? CONCURRENCY;
  const limit = options.limit ?? Infinity;
  const began = Date.now();
  const clock = () => new Date(options.now.getTime() + Date.now() - began);
  const claims: number[] = [];
  let claimed = 0;
  let full = false;

  const claim = async (now: Date): Promise<LeasedDelivery[]> => {
    const size = Math.min(claimCapacity(concurrency), limit - claimed);
    const { ids, token } = await claimDueDeliveries(db, { now, runnerId: options.runnerId, limit: size });
    claims.push(ids.length);
    claimed += ids.length;
    full = ids.length === size;
    const lease = { token, now, clock };
    return ids.length ? (await loadClaimedDeliveries(db, ids)).map((delivery) => ({ delivery, lease })) : [];
  };

  const first = await claim(options.now);
  if (first.length === 0) return { claimed, claims, full, outcomes: [] };
  const outcomes = await runDeliveryPipeline(db, {
    clock,
    concurrency,
    deliveries: first,
    claimMore: async () => {
      if (!full || claimed >= limit || Date.now() - began >= (options.claimAheadMs ?? CLAIM_AHEAD_MS)) return null;
      const more = await claim(clock());
      return more.length ? more : null;
    },
  });
  return { claimed, claims, full, outcomes };
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
