import { prisma } from "@/lib/base/db/prisma";

export type RateDecision = { allowed: boolean; count: number; limit: number; retryAfterSeconds: number };

/**
 * A fixed-window counter in PostgreSQL, so every app instance shares it: one upsert per hit. The window
 * is aligned to the clock (a minute starts at :00), which is what Retry-After reports.
 */
export async function hitRateLimit(key: string, limit: number, windowMs: number, now = new Date()): Promise<RateDecision> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit_buckets (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
    RETURNING count`;
  const count = Number(row!.count);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: count <= limit, count, limit, retryAfterSeconds };
}

/**
 * Takes back one hit of the window that `now` falls in, for a request that turned out not to count (a
 * successful sign-in): counting first and taking back after keeps the limit exact under concurrency.
 */
export async function undoRateLimitHit(key: string, windowMs: number, now: Date): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  await prisma.$executeRaw`UPDATE rate_limit_buckets SET count = count - 1 WHERE key = ${key} AND window_start = ${windowStart} AND count > 0`;
}

/** Old windows are of no use; the job runner's housekeeping removes them. */
export async function pruneRateLimits(now = new Date()): Promise<number> {
  const { count } = await prisma.rateLimitBucket.deleteMany({ where: { windowStart: { lt: new Date(now.getTime() - 24 * 3600 * 1000) } } });
  return count;
}
