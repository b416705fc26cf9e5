import { prisma } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/base/observability/logger";
import type { ActiveClaim } from "./claim-context";
import { CLAIM_LEASE_MS, LEASE_END } from "./claim-idempotency-key";

/** Extends the claim while its request runs, so only a request that died (or lost the database) lapses. */
export function keepClaimAlive(claim: ActiveClaim): () => void {
  const timer = setInterval(() => {
    prisma.$executeRaw`UPDATE idempotency_records SET locked_until = ${LEASE_END} WHERE id = ${claim.id} AND
      claim_token = ${claim.token} AND status_code = 0`.catch(() => {});
  }, CLAIM_LEASE_MS / 4);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Stores the answer to replay. A claim whose create committed is never answered with an error (a failed
 * recovery, say): it is left to lapse at once, so the next retry answers from what committed.
 */
export async function storeClaimAnswer(
  claim: ActiveClaim,
  statusCode: number,
  body: Prisma.InputJsonValue,
): Promise<void> {
  const stored = await prisma.$executeRaw`
    UPDATE idempotency_records SET status_code = ${statusCode}, response_body = ${JSON.stringify(body)}::json,
      claim_token = NULL, locked_until = NULL
    WHERE id = ${claim.id} AND claim_token = ${claim.token} AND status_code = 0
      AND (${statusCode < 300} OR (transaction_id IS NULL AND transfer_id IS NULL))`;
  if (stored === 0) await lapseClaim(claim);
}

/**
 * After a server error nothing is stored: a claim that created nothing is deleted (the retry runs afresh),
 * one whose create committed lapses at once (the retry answers from it). With the database down both fail
 * and the claim lapses by itself within CLAIM_LEASE_MS.
 */
export async function releaseClaim(claim: ActiveClaim): Promise<void> {
  const deleted = await prisma.$executeRaw`
    DELETE FROM idempotency_records
    WHERE id = ${claim.id} AND claim_token = ${claim.token} AND status_code = 0 AND transaction_id IS NULL AND
      transfer_id IS NULL`;
  if (deleted === 0) await lapseClaim(claim);
}

async function lapseClaim(claim: ActiveClaim): Promise<void> {
  await prisma.$executeRaw`UPDATE idempotency_records SET locked_until = now() WHERE id = ${claim.id} AND
    claim_token = ${claim.token} AND status_code = 0`;
}

const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000];

/**
 * Runs a settling step now and, while it fails (the database is unavailable), again in the background for
 * about half a minute, so an answer given during an outage is still stored for its replays. If the process
 * dies first, the claim lapses: a retry then answers from what committed, or runs afresh.
 */
export async function settleSoon(step: () => Promise<void>, what: string): Promise<void> {
  const attempt = (delays: number[]): Promise<void> =>
    step().catch((error: unknown) => {
      const [delay, ...rest] = delays;
      if (delay === undefined) return logger.warn({ err: String(error) }, `idempotency claim not ${what}; it lapses`);
      setTimeout(() => void attempt(rest), delay).unref();
    });
  await attempt(RETRY_DELAYS_MS);
}
