import { createHash } from "node:crypto";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { poolQuery } from "@/lib/base/db/prisma";
import { countRateLimitRefusal, type RateLimitName } from "@/lib/base/observability/business-metrics";

/** `remaining` and `resetSeconds` are what the RateLimit-* headers report; `retryAfterSeconds` is for a refusal. */
export type RateDecision = {
  allowed: boolean;
  count: number;
  limit: number;
  remaining: number;
  resetSeconds: number;
  retryAfterSeconds: number;
};

/**
 * Fixed windows per key counted in one PostgreSQL row by rate-limiter-flexible: every hit is one atomic
 * upsert, so any number of app processes share the limit exactly (no process admits on its own). Once a
 * key is refused, this process blocks it in memory until its window ends and asks the database no more;
 * while the database is down, an in-memory limiter of the same size stands in for it (per process).
 */
const TABLE = "rate_limits";

/**
 * rate-limiter-flexible speaks to a `pg` pool: it gets the app client's own (poolQuery), so its upsert, run
 * on every API request, costs a prepared statement's round trip and none of Prisma's client runtime.
 */
const store = {
  async query({ name, text, values = [] }: { name?: string; text: string; values?: unknown[] }) {
    const rows = await poolQuery<Record<string, unknown>>({ text, values }, name);
    // `expire` is BIGINT (epoch milliseconds), which pg hands over as a string; the library does arithmetic on it.
    const plain = rows.map((row) => (typeof row.expire === "string" ? { ...row, expire: Number(row.expire) } : row));
    return { rows: plain, rowCount: plain.length };
  },
};

// One limiter per size and window, per process (route bundles share them through globalThis).
const holder = globalThis as unknown as { pisRateLimiters?: Map<string, RateLimiterPostgres> };
const limiters = (holder.pisRateLimiters ??= new Map());

function limiterFor(limit: number, windowMs: number): RateLimiterPostgres {
  const id = `${limit}:${windowMs}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    const duration = Math.max(1, Math.round(windowMs / 1000));
    limiter = new RateLimiterPostgres({
      storeClient: store,
      storeType: "pool",
      tableName: TABLE,
      tableCreated: true, // created by a migration
      clearExpiredByTimeout: false, // pruneExpiredRecords, a housekeeping task, removes old rows
      keyPrefix: "",
      points: limit,
      duration,
      // Blocked here only once refused: a key at exactly its limit may still take back a hit (reward).
      inMemoryBlockOnConsumed: limit + 1,
      insuranceLimiter: new RateLimiterMemory({ points: limit, duration, keyPrefix: "" }),
    });
    limiters.set(id, limiter);
  }
  return limiter;
}

/** Keys name accounts and addresses (an email may be long); the row's key column holds 255 characters. */
const storedKey = (key: string) =>
  key.length <= 200 ? key : `${key.slice(0, 100)}#${createHash("sha256").update(key).digest("hex")}`;

function decision(res: RateLimiterRes, limit: number, allowed: boolean): RateDecision {
  const resetSeconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return {
    allowed,
    count: res.consumedPoints,
    limit,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds,
    retryAfterSeconds: resetSeconds,
  };
}

/** Which limit a key belongs to, for rate_limit_refusals_total: its prefix, never the account or address after it. */
const LIMIT_NAMES: [prefix: string, name: RateLimitName][] = [
  ["api:", "api_key"],
  ["callback-resend:", "callback_resend"],
  ["login:account:", "sign_in_account"],
  ["login:ip:", "sign_in_address"],
];

/**
 * The limiter's refusal. Recognised by its shape, not by `instanceof`: a page's server action is bundled
 * with its own copy of the library, whose RateLimiterRes is another class than the one imported here.
 */
function isLimiterAnswer(value: unknown): value is RateLimiterRes {
  return (
    value instanceof RateLimiterRes ||
    (typeof value === "object" &&
      value !== null &&
      "msBeforeNext" in value &&
      "consumedPoints" in value &&
      "remainingPoints" in value)
  );
}

/** Counts one hit of `key` against `limit` per `windowMs`; refused over the limit (the refusal is counted too). */
export async function hitRateLimit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
  try {
    return decision(await limiterFor(limit, windowMs).consume(storedKey(key)), limit, true);
  } catch (refusal) {
    if (!isLimiterAnswer(refusal)) throw refusal;
    countRateLimitRefusal(LIMIT_NAMES.find(([prefix]) => key.startsWith(prefix))?.[1] ?? "other");
    return decision(refusal, limit, false);
  }
}

/**
 * Takes back one hit, for a request that turned out not to count (a successful sign-in): counting first and
 * taking back after keeps the limit exact under concurrency.
 */
export async function undoRateLimitHit(key: string, limit: number, windowMs: number): Promise<void> {
  await limiterFor(limit, windowMs).reward(storedKey(key));
}
