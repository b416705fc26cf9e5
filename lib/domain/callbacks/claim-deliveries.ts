import { randomUUID } from "node:crypto";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { queryOn } from "@/lib/base/db/prisma";
import { CALLBACK_TIMEOUT_MS } from "./post-callback";

export const CLAIM_LEASE_MS = 60_000;
/** What starting one attempt reserves: its whole send deadline plus room to record the outcome. */
export const SEND_LEASE_MS = CALLBACK_TIMEOUT_MS + 20_000;

/**
 * The most deliveries one claim may take for `concurrency` senders: even if every receiver uses its full
 * deadline, the last of them starts within half the lease (each send then extends its own lease).
 */
export function claimCapacity(concurrency: number): number {
  return concurrency * Math.max(1, Math.floor(CLAIM_LEASE_MS / 2 / CALLBACK_TIMEOUT_MS));
}

type Claim = { now: Date; runnerId: string; leaseMs?: number };
/** A claim: the deliveries taken and the token that proves it; every attempt is started and recorded under it. */
export type Lease = { ids: number[]; token: string };

/**
 * Takes a lease on due deliveries with FOR UPDATE SKIP LOCKED, so several runners (or app instances)
 * never attempt the same delivery at once. Each claim gets a new token: an attempt starts only while its
 * claim's lease is held, and a runner whose lease lapsed (it died or stalled mid-send) cannot overwrite the
 * state set by the runner that took the delivery over.
 */
export function claimDueDeliveries(db: PrismaClient, claim: Claim & { limit: number }): Promise<Lease> {
  return takeLease(db, claim, Prisma.empty, claim.limit);
}

/** Claims one delivery if it is pending, due and not leased by someone else. */
export function claimDelivery(db: PrismaClient, id: number, claim: Claim): Promise<Lease> {
  return takeLease(db, claim, Prisma.sql`AND id = ${id}`, 1);
}

async function takeLease(db: PrismaClient, claim: Claim, only: Prisma.Sql, limit: number): Promise<Lease> {
  const leaseEnd = new Date(claim.now.getTime() + (claim.leaseMs ?? CLAIM_LEASE_MS));
  const token = randomUUID();
  const rows = await queryOn<{ id: number }>(
    db,
    Prisma.sql`
    UPDATE callback_deliveries SET locked_by = ${claim.runnerId}, locked_until = ${leaseEnd}, lease_token = ${token}
    WHERE id IN (
      SELECT id FROM callback_deliveries
      WHERE state = 'PENDING' AND next_attempt_at <= ${claim.now}
        AND (locked_until IS NULL OR locked_until < ${claim.now}) ${only}
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`,
    only === Prisma.empty ? "pis_claim_due" : "pis_claim_one",
  );
  return { ids: rows.map((r) => r.id), token };
}
