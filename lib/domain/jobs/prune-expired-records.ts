import { settings } from "@/lib/base/config/settings";
import { prisma } from "@/lib/base/db/prisma";

/** Rows touched per statement, and statements per table per call: a backlog is worked off over several runs. */
const BATCH = 1000;
const MAX_BATCHES = 20;

export type PruneReport = { idempotency_records: number; callback_attempt_bodies: number; rate_limit_buckets: number };

async function inBatches(statement: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const count = await statement();
    total += count;
    if (count < BATCH) break;
  }
  return total;
}

const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3600_000);

/**
 * Housekeeping (docs/deploy.md, "Retention"): forgets what is no longer needed, the periods being settings.
 * - idempotency records after IDEMPOTENCY_RETENTION_HOURS (48 h; their replay window is 24 h), except a claim
 *   still held under a live lease;
 * - callback attempts' request bodies and response excerpts after CALLBACK_BODY_RETENTION_DAYS (90): the
 *   attempt row (when, status, duration, error) stays as the delivery's history;
 * - rate-limit windows that ended RATE_LIMIT_BUCKET_RETENTION_MINUTES ago (rate_limits).
 * Transactions, their history, deliveries and the audit log are never pruned here.
 */
export async function pruneExpiredRecords(now: Date): Promise<PruneReport> {
  const idempotencyCutoff = hoursBefore(now, settings.idempotencyRetentionHours);
  const idempotency = await inBatches(
    () => prisma.$executeRaw`
    DELETE FROM idempotency_records WHERE id IN (
      SELECT id FROM idempotency_records
      WHERE created_at < ${idempotencyCutoff} AND (locked_until IS NULL OR locked_until < now())
      LIMIT ${BATCH})`,
  );

  const bodyCutoff = hoursBefore(now, settings.callbackBodyRetentionDays * 24);
  const bodies = await inBatches(
    () => prisma.$executeRaw`
    UPDATE callback_attempts SET request_body = NULL, response_excerpt = NULL WHERE id IN (
      SELECT id FROM callback_attempts
      WHERE started_at < ${bodyCutoff} AND (request_body IS NOT NULL OR response_excerpt IS NOT NULL) AND NOT in_flight
      LIMIT ${BATCH})`,
  );

  // rate_limits rows (rate-limiter-flexible's table) name when their window ends, in epoch milliseconds.
  const bucketCutoff = now.getTime() - settings.rateLimitBucketRetentionMinutes * 60_000;
  const buckets = await inBatches(
    () => prisma.$executeRaw`
    DELETE FROM rate_limits WHERE key IN (
      SELECT key FROM rate_limits WHERE expire < ${bucketCutoff} LIMIT ${BATCH})`,
  );

  return { idempotency_records: idempotency, callback_attempt_bodies: bodies, rate_limit_buckets: buckets };
}
