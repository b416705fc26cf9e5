import type { PrismaClient } from "@/lib/generated/prisma/client";

export const CLAIM_LEASE_MS = 60_000;

type Claim = { now: Date; runnerId: string; leaseMs?: number };

/**
 * Takes a lease on due deliveries with FOR UPDATE SKIP LOCKED, so several runners (or app instances)
 * never attempt the same delivery at once. A lease outlives the 10 s send deadline; an expired lease
 * (a runner that died mid-send) makes the delivery claimable again.
 */
export async function claimDueDeliveries(db: PrismaClient, claim: Claim & { limit: number }): Promise<number[]> {
  const leaseEnd = new Date(claim.now.getTime() + (claim.leaseMs ?? CLAIM_LEASE_MS));
  const rows = await db.$queryRaw<{ id: number }[]>`
    UPDATE callback_deliveries SET locked_by = ${claim.runnerId}, locked_until = ${leaseEnd}
    WHERE id IN (
      SELECT id FROM callback_deliveries
      WHERE state = 'PENDING' AND next_attempt_at <= ${claim.now}
        AND (locked_until IS NULL OR locked_until < ${claim.now})
      ORDER BY next_attempt_at
      LIMIT ${claim.limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  return rows.map((r) => r.id);
}

/** Claims one delivery if it is pending, due and not leased by someone else. */
export async function claimDelivery(db: PrismaClient, id: number, claim: Claim): Promise<boolean> {
  const leaseEnd = new Date(claim.now.getTime() + (claim.leaseMs ?? CLAIM_LEASE_MS));
  const rows = await db.$queryRaw<{ id: number }[]>`
    UPDATE callback_deliveries SET locked_by = ${claim.runnerId}, locked_until = ${leaseEnd}
    WHERE id = (
      SELECT id FROM callback_deliveries
      WHERE id = ${id} AND state = 'PENDING' AND next_attempt_at <= ${claim.now}
        AND (locked_until IS NULL OR locked_until < ${claim.now})
      FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  return rows.length === 1;
}
