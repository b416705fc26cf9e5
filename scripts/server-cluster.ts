/**
 * `npm start` with WEB_CONCURRENCY > 1, and `npm run dev` with one worker: this primary process owns the
 * database (the embedded cluster when DATABASE_URL is unset, and the migrations) and forks that many workers
 * with node:cluster; they share the port and each runs Next, its own pool and its own job runner (claims are
 * leased in the database). Each worker opens at most DATABASE_POOL_MAX connections, sized when unset so that
 * all of them together stay under PostgreSQL's max_connections. SIGTERM is passed to every worker, which drain
 * their requests; the primary exits when the last one has. A scrape of /api/metrics that reaches any worker is
 * answered with all the serving workers' figures summed here (lib/base/observability/cluster-metrics.ts).
 */
import cluster, { type Worker } from "node:cluster";
import pg from "pg";
import type { DatabaseHandle } from "../lib/base/db/ensure-database";
import {
  applicationName,
  directDatabaseUrl,
  MIN_POOL_MAX,
  poolerMode,
  poolMax,
} from "../lib/base/db/connection-settings";
import { aggregateWorkerMetrics } from "../lib/base/observability/cluster-metrics";
import { logger } from "../lib/base/observability/logger";
import { RESTART_EXIT_CODE } from "./dev-memory";

/**
 * Workers when WEB_CONCURRENCY is unset: one per core, except on a host of one or two cores, which gets one.
 * There a second worker served no more creates (123 against 127 a second on two cores with PostgreSQL beside
 * them) and made the tail worse: each worker's major garbage collection (a ~100 MB heap: 30-90 ms paused and
 * some 250 ms of incremental marking) then competes with the other worker and the database for the same two
 * cores (docs/performance.md, "Two workers on two cores").
 */
export function defaultWorkerCount(cores: number): number {
  return cores <= 2 ? 1 : cores;
}

/**
 * A worker's exit code when it cannot listen (the port taken, or not allowed): another worker would fail the same
 * way, so the primary stops everything and exits with it, once, rather than start workers in a loop. (78 is
 * sysexits' EX_CONFIG.)
 */
export const PORT_UNAVAILABLE_EXIT_CODE = 78;

/** Connections left for the console CLI, migrations and an operator's psql. */
const RESERVED_CONNECTIONS = 10;

/**
 * Each worker's connection budget (DATABASE_POOL_MAX, lib/base/db/connection-settings.ts): as set when set
 * (several replicas share the server, which only the operator knows: docs/deploy.md, "Connection budget");
 * unset, the default lowered so that this host's workers fit PostgreSQL's max_connections. Behind a
 * transaction-mode pooler the pooler bounds the server's connections (default_pool_size) and only each
 * worker's direct one reaches PostgreSQL: the default stands.
 */
export async function workerPoolMax(workers: number): Promise<number> {
  const budget = poolMax();
  if (process.env.DATABASE_POOL_MAX || process.env.DATABASE_POOL_SIZE || poolerMode() === "transaction") return budget;
  const client = new pg.Client({ connectionString: directDatabaseUrl(), application_name: applicationName() });
  await client.connect();
  try {
    const { rows } = await client.query<{ max: string; reserved: string }>(
      "SELECT current_setting('max_connections') AS max, current_setting('superuser_reserved_connections') AS reserved",
    );
    const available = Number(rows[0]!.max) - Number(rows[0]!.reserved) - RESERVED_CONNECTIONS;
    return Math.max(MIN_POOL_MAX, Math.min(budget, Math.floor(available / workers)));
  } finally {
    await client.end();
  }
}

type Options = {
  workers: number;
  database: DatabaseHandle;
  port: number;
  shutdownTimeoutMs: number;
  announce: () => void;
};

export async function runClusterPrimary({
  workers,
  database,
  port,
  shutdownTimeoutMs,
  announce,
}: Options): Promise<void> {
  const pool = await workerPoolMax(workers);
  const env = { DATABASE_URL: database.url, DATABASE_POOL_MAX: String(pool) };
  let stopping = false;
  // The workers that serve, by index: the ones whose figures make up the instance's metrics.
  const ready = new Map<number, Worker>();
  const metrics = aggregateWorkerMetrics(() => [...ready.values()]);
  let announced = false;
  let portProblem: string | undefined;

  const fork = (index: number): Worker => {
    const worker = cluster.fork({ ...env, WEB_WORKER_INDEX: String(index) });
    worker.on("message", (message: unknown) => {
      const portUnavailable = (message as { portUnavailable?: string })?.portUnavailable;
      if (portUnavailable) portProblem ??= portUnavailable;
      if ((message as { ready?: boolean })?.ready !== true) return;
      ready.set(index, worker);
      if (!announced && ready.size === workers) {
        announced = true;
        logger.info({ workers, pool_per_worker: pool, port }, "cluster ready");
        announce();
      }
    });
    worker.once("exit", (code, signal) => {
      ready.delete(index);
      // Its counts so far stay in the instance's totals: counters never go back while this primary lives.
      metrics.retire(worker);
      if (stopping) return;
      if (code === PORT_UNAVAILABLE_EXIT_CODE) {
        // Every worker would fail the same way: said once, here, and the instance stops.
        const problem = portProblem ?? "a worker could not listen on PORT";
        logger.fatal({ problems: [problem] }, problem);
        void shutdown("port unavailable", PORT_UNAVAILABLE_EXIT_CODE);
        return;
      }
      if (code === RESTART_EXIT_CODE) {
        // The development worker stopped itself near its heap limit, its requests finished: start a new one now.
        logger.info({ worker: index }, "development server restarted to free its memory");
        fork(index);
        return;
      }
      // A worker that dies is replaced; its requests in flight are lost like any crash's, its claims lapse.
      logger.error({ worker: index, code, signal }, "worker exited: starting another");
      setTimeout(() => void (stopping || fork(index)), 1000).unref();
    });
    return worker;
  };
  for (let i = 0; i < workers; i++) fork(i);

  const shutdown = async (signal: NodeJS.Signals | "port unavailable", exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down the workers");
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w) && !w!.isDead());
    await Promise.race([
      Promise.all(
        alive.map(
          (w) =>
            new Promise((resolve) => {
              w.once("exit", resolve);
              w.process.kill("SIGTERM");
            }),
        ),
      ),
      new Promise((resolve) => setTimeout(resolve, shutdownTimeoutMs + 10_000)),
    ]);
    for (const w of alive) if (!w.isDead()) w.process.kill("SIGKILL");
    await database.embedded?.stop().catch(() => {});
    logger.info("stopped");
    process.exit(exitCode);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

/** In a worker: tell the primary this one serves, and die with the primary (a kill -9 leaves no orphans). */
export function workerReady(): void {
  process.send?.({ ready: true });
}

export function exitWithPrimary(): void {
  process.once("disconnect", () => process.exit(1));
}
