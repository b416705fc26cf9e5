import { poolState, prisma } from "@/lib/base/db/prisma";
import { scrapedGauge } from "@/lib/base/observability/metrics";
import { lastBeat } from "@/lib/domain/jobs/runner-heartbeat";

type CallbackState = { backlog: number; oldestDueSeconds: number; exhausted: number };

let pending: { at: number; state: Promise<CallbackState> } | undefined;

/** One query per scrape for the three callback gauges (each gauge asks on its own). */
function callbackState(): Promise<CallbackState> {
  if (pending && Date.now() - pending.at < 1000) return pending.state;
  const state = prisma.$queryRaw<{ backlog: number; oldest_due_seconds: number; exhausted: number }[]>`
    SELECT count(*) FILTER (WHERE state = 'PENDING')::int AS backlog,
           coalesce(extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE state = 'PENDING' AND next_attempt_at <= now())), 0)::float8 AS oldest_due_seconds,
           count(*) FILTER (WHERE state = 'EXHAUSTED')::int AS exhausted
    FROM callback_deliveries WHERE state IN ('PENDING', 'EXHAUSTED')`.then(([row]) => ({
    backlog: Number(row?.backlog ?? 0),
    oldestDueSeconds: Number(row?.oldest_due_seconds ?? 0),
    exhausted: Number(row?.exhausted ?? 0),
  }));
  pending = { at: Date.now(), state };
  state.catch(() => (pending = undefined));
  return state;
}

/**
 * What the operator is paged on, besides the request metrics: the callback outbox (docs/callbacks.md), the
 * in-process job runner and the database pool. Registered once per process; read on each scrape.
 */
export function registerOperationalMetrics(): void {
  scrapedGauge("callback_backlog", "Callback deliveries not yet delivered nor given up (state PENDING)", async () => (await callbackState()).backlog);
  scrapedGauge("callback_oldest_due_age_seconds", "How long the oldest due callback delivery has been waiting, 0 when none is due", async () => (await callbackState()).oldestDueSeconds);
  scrapedGauge("callback_exhausted_deliveries", "Callback deliveries that used up their retries (state EXHAUSTED) and wait for staff", async () => (await callbackState()).exhausted);
  scrapedGauge("job_runner_lag_seconds", "Seconds since the in-process job runner last started a tick; -1 when this process runs none (Inngest, or JOB_RUNNER=off)", () => {
    const beat = lastBeat();
    return beat ? (Date.now() - beat.at) / 1000 : -1;
  });
  scrapedGauge("db_pool_connections_in_use", "Database connections checked out of this process's pool", () => poolState().inUse);
  scrapedGauge("db_pool_waiting_requests", "Queries waiting for a free connection of this process's pool", () => poolState().waiting);
}
