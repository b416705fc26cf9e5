import { prisma } from "@/lib/base/db/prisma";

export type RateDecision = { allowed: boolean; count: number; limit: number; retryAfterSeconds: number };

/**
 * A fixed-window counter per key, aligned to the clock (a minute starts at :00, which is what Retry-After
 * reports), shared by every app process through PostgreSQL without a write per request: each process
 * admits a small share of the limit on its own (at most `localShare` requests between two reconciliations,
 * and only while the last known count leaves `headroom` to spare) and adds what it admitted to the shared
 * row every RECONCILE_MS. Near the limit, with a stale view, or after its share is spent, a request is
 * decided by the shared row itself (one upsert, exact). Overshoot across instances is bounded by the
 * requests other processes admitted locally since their last reconciliation: none while the headroom
 * covers them (up to headroom / localShare + 1 instances), at most 2 x localShare per further instance.
 */
const RECONCILE_MS = Number(process.env.RATE_LIMIT_RECONCILE_MS || 250);

type Local = { windowStart: number; known: number; syncedAt: number; pending: number; counted: number };

// One table per process (route bundles share it through globalThis), keyed by limit key.
const holder = globalThis as unknown as { pisRateLimits?: Map<string, Local>; pisRateLimitTimer?: NodeJS.Timeout };
const locals = (holder.pisRateLimits ??= new Map());

/** How many requests one process may admit on its own between two reconciliations. */
export function localShare(limit: number, windowMs: number): number {
  return Math.max(1, Math.ceil((2 * limit * RECONCILE_MS) / windowMs));
}

function headroom(limit: number, windowMs: number): number {
  return Math.max(4 * localShare(limit, windowMs), Math.ceil(limit / 10));
}

async function addToWindow(key: string, windowStart: number, delta: number): Promise<number> {
  const [row] = await prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit_buckets (key, window_start, count) VALUES (${key}, ${new Date(windowStart)}, ${delta})
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + ${delta}
    RETURNING count`;
  return Number(row!.count);
}

/** Adds every process-local count to the shared rows; what fails is kept for the next round. */
export async function reconcileRateLimits(): Promise<void> {
  for (const [key, local] of locals) {
    const delta = local.pending;
    if (delta === 0) {
      if (Date.now() - local.syncedAt > 60_000) locals.delete(key);
      continue;
    }
    local.pending = 0;
    try {
      const count = await addToWindow(key, local.windowStart, delta);
      local.known = Math.max(local.known, count);
      local.syncedAt = Date.now();
      local.counted = 0;
    } catch {
      local.pending += delta;
    }
  }
}

function scheduleReconcile(): void {
  if (holder.pisRateLimitTimer) return;
  holder.pisRateLimitTimer = setTimeout(() => {
    void reconcileRateLimits().finally(() => {
      holder.pisRateLimitTimer = undefined;
      if ([...locals.values()].some((l) => l.pending > 0)) scheduleReconcile();
    });
  }, RECONCILE_MS);
  holder.pisRateLimitTimer.unref();
}

export async function hitRateLimit(key: string, limit: number, windowMs: number, now = new Date()): Promise<RateDecision> {
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now.getTime()) / 1000));
  const decision = (count: number) => ({ allowed: count <= limit, count, limit, retryAfterSeconds });
  let local = locals.get(key);
  if (!local || local.windowStart !== windowStart) {
    // A new window: what was admitted in the old one is still added to its own row.
    if (local?.pending) void addToWindow(key, local.windowStart, local.pending).catch(() => {});
    local = { windowStart, known: 0, syncedAt: 0, pending: 0, counted: 0 };
    locals.set(key, local);
  }
  const fresh = Date.now() - local.syncedAt <= 2 * RECONCILE_MS;
  if (fresh && local.known >= limit) {
    // The window is spent (counts only grow within it): refused here, still counted.
    local.pending++;
    scheduleReconcile();
    return decision(local.known + local.pending);
  }
  if (fresh && local.counted < localShare(limit, windowMs) && local.known + local.pending + 1 + headroom(limit, windowMs) <= limit) {
    local.pending++;
    local.counted++;
    scheduleReconcile();
    return decision(local.known + local.pending);
  }
  // Decided by the shared row: this request and whatever this process admitted since its last reconciliation.
  const delta = local.pending + 1;
  local.pending = 0;
  const count = await addToWindow(key, windowStart, delta);
  // The share starts again only once the row has answered: reset before the await, every request arriving
  // while it ran was admitted locally against a count that did not yet include the others' hits.
  local.counted = 0;
  local.known = Math.max(local.known, count);
  local.syncedAt = Date.now();
  return decision(count);
}

/**
 * Takes back one hit of the window that `now` falls in, for a request that turned out not to count (a
 * successful sign-in): counting first and taking back after keeps the limit exact under concurrency.
 */
export async function undoRateLimitHit(key: string, windowMs: number, now: Date): Promise<void> {
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  const local = locals.get(key);
  if (local && local.windowStart === windowStart && local.pending > 0) {
    // The hit was admitted here and not yet added to the shared row: taken back before it gets there (an
    // UPDATE of the row now would find nothing to subtract, and the hit would arrive with the next batch).
    local.pending--;
    return;
  }
  const [row] = await prisma.$queryRaw<{ count: number }[]>`
    UPDATE rate_limit_buckets SET count = count - 1
    WHERE key = ${key} AND window_start = ${new Date(windowStart)} AND count > 0
    RETURNING count`;
  // The last known count falls too, or this process would go on deciding from the higher one.
  if (row && local && local.windowStart === windowStart) local.known = Number(row.count);
}
// Old windows are deleted by the housekeeping's pruneExpiredRecords (lib/domain/jobs/prune-expired-records.ts).
