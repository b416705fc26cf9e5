import { poolState, prisma } from "@/lib/base/db/prisma";
import { scrapedGauge, scrapedGaugeSet, type LabelledValue } from "@/lib/base/observability/metrics";
import { lastBeat } from "@/lib/domain/jobs/runner-heartbeat";
import { registerReconciliationMetrics } from "@/lib/domain/reconciliation/recon-metrics";

type CallbackState = { backlog: number; oldestDueSeconds: number; exhausted: number };

/** A reading shared by the gauges of one scrape (each gauge asks on its own); read again a second later. */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (pending && Date.now() - pending.at < 1000) return pending.value;
    const value = read();
    pending = { at: Date.now(), value };
    value.catch(() => (pending = undefined));
    return value;
  };
}

/** One query per scrape for the three callback gauges. */
const callbackState = perScrape(async (): Promise<CallbackState> => {
  const [row] = await prisma.$queryRaw<{ backlog: number; oldest_due_seconds: number; exhausted: number }[]>`
    SELECT count(*) FILTER (WHERE state = 'PENDING')::int AS backlog,
           coalesce(extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE state = 'PENDING' AND
             next_attempt_at <= now())), 0)::float8 AS oldest_due_seconds,
           count(*) FILTER (WHERE state = 'EXHAUSTED')::int AS exhausted
    FROM callback_deliveries WHERE state IN ('PENDING', 'EXHAUSTED')`;
  return {
    backlog: Number(row?.backlog ?? 0),
    oldestDueSeconds: Number(row?.oldest_due_seconds ?? 0),
    exhausted: Number(row?.exhausted ?? 0),
  };
});

/** How long a pending delivery has been owed, since it was written: a few fixed buckets. */
export const BACKLOG_AGES = ["under_1m", "1m_to_5m", "5m_to_30m", "30m_to_2h", "over_2h"] as const;
const CALLBACK_KINDS = ["PROVIDER_DEPOSIT", "PROVIDER_WITHDRAWAL", "PROVIDER_CARD", "DEALER_CARD", "TEST"] as const;
const TOP_RECEIVERS = 5;

/**
 * The backlog by callback kind (who receives it: a provider's deposit, withdrawal or card URL, a dealer's
 * card URL) and age. Every kind and age is written, 0 included, so the series never vanish.
 */
const backlogByKind = perScrape(async (): Promise<LabelledValue<"kind" | "age">[]> => {
  const rows = await prisma.$queryRaw<{ kind: string; age: string; n: number }[]>`
    SELECT kind::text AS kind,
           CASE WHEN created_at > now() - interval '1 minute' THEN 'under_1m'
                WHEN created_at > now() - interval '5 minutes' THEN '1m_to_5m'
                WHEN created_at > now() - interval '30 minutes' THEN '5m_to_30m'
                WHEN created_at > now() - interval '2 hours' THEN '30m_to_2h'
                ELSE 'over_2h' END AS age,
           count(*)::int AS n
    FROM callback_deliveries WHERE state = 'PENDING' GROUP BY 1, 2`;
  const count = (kind: string, age: string) => rows.find((r) => r.kind === kind && r.age === age)?.n ?? 0;
  return CALLBACK_KINDS.flatMap((kind) =>
    BACKLOG_AGES.map((age) => ({ labels: { kind, age }, value: Number(count(kind, age)) })),
  );
});

/**
 * The receivers owed the most pending deliveries (at most TOP_RECEIVERS, named "provider:<id>" or
 * "dealer:<id>": accounts of the service, never a customer), so a receiver that is down shows by name while
 * the series stay few.
 */
const topReceivers = perScrape(async (): Promise<LabelledValue<"receiver">[]> => {
  const rows = await prisma.$queryRaw<{ receiver: string; n: number }[]>`
    SELECT CASE WHEN provider_id IS NOT NULL THEN 'provider:' || provider_id WHEN dealer_id IS NOT NULL THEN
      'dealer:' || dealer_id ELSE 'none' END AS receiver,
           count(*)::int AS n
    FROM callback_deliveries WHERE state = 'PENDING' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${TOP_RECEIVERS}`;
  return rows.map((r) => ({ labels: { receiver: r.receiver }, value: Number(r.n) }));
});

/**
 * Seconds since the newest deposit completed, -1 when none ever has: read from the database, so a completion
 * counts whoever made it (the console, the admin CLI, the bank's statement, a gateway) and whichever replica.
 * NoCompletedDepositInBusinessHours reads it.
 */
export async function lastCompletedDepositAgeSeconds(): Promise<number> {
  const [row] = await prisma.$queryRaw<{ age: number | null }[]>`
    SELECT extract(epoch FROM now() - max(completed_at))::float8 AS age
    FROM transactions WHERE direction = 'DEPOSIT' AND status = 'completed'`;
  return row?.age === null || row?.age === undefined ? -1 : Math.max(0, Number(row.age));
}

/**
 * What the operator is paged on, besides the request metrics: the callback outbox (docs/callbacks.md), read
 * from the database once per scrape (`instance`: never summed over a cluster's workers), and each process's
 * job runner and database pool. Registered once per process; read on each scrape.
 */
export function registerOperationalMetrics(): void {
  const instance = { scope: "instance" } as const;
  scrapedGauge(
    "callback_backlog",
    "Callback deliveries not yet delivered nor given up (state PENDING)",
    async () => (await callbackState()).backlog,
    instance,
  );
  scrapedGauge(
    "callback_oldest_due_age_seconds",
    "How long the oldest due callback delivery has been waiting, 0 when none is due",
    async () => (await callbackState()).oldestDueSeconds,
    instance,
  );
  scrapedGauge(
    "callback_exhausted_deliveries",
    "Callback deliveries that used up their retries (state EXHAUSTED) and wait for staff",
    async () => (await callbackState()).exhausted,
    instance,
  );
  scrapedGaugeSet(
    "callback_backlog_deliveries",
    "Pending callback deliveries by kind (the receiver's URL: provider deposit, withdrawal or card, dealer card) " +
      "and time since written",
    ["kind", "age"],
    backlogByKind,
    instance,
  );
  scrapedGaugeSet(
    "callback_receiver_backlog",
    `Pending callback deliveries of the ${TOP_RECEIVERS} receivers owed the most ("provider:<id>", "dealer:<id>")`,
    ["receiver"],
    topReceivers,
    instance,
  );
  scrapedGauge(
    "deposit_last_completed_age_seconds",
    "Seconds since the newest deposit completed, whoever completed it (console, CLI, bank statement, gateway); -1 " +
      "when none ever has",
    lastCompletedDepositAgeSeconds,
    instance,
  );
  registerReconciliationMetrics();
  // The instance's worst: each worker runs its own runner.
  scrapedGauge(
    "job_runner_lag_seconds",
    "Seconds since the in-process job runner last started a tick (the largest over the instance's workers); -1 when " +
      "none runs one (Inngest, or JOB_RUNNER=off)",
    () => {
      const beat = lastBeat();
      return beat ? (Date.now() - beat.at) / 1000 : -1;
    },
    { aggregator: "max" },
  );
  scrapedGauge(
    "db_pool_connections_in_use",
    "Database connections checked out of the instance's pools (each worker has one)",
    () => poolState().inUse,
  );
  scrapedGauge(
    "db_pool_waiting_requests",
    "Queries waiting for a free connection of the instance's pools",
    () => poolState().waiting,
  );
  scrapedGauge(
    "db_pool_max_connections",
    "The size of the instance's pools: connections they may open at most",
    () => poolState().max,
  );
}
