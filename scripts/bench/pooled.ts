/**
 * The bench's pooler section: creates at the bench's concurrency on one worker, three ways on one database,
 *  - "direct, named": DATABASE_URL is PostgreSQL itself and the hot statements are named prepared statements
 *    (the default without a pooler);
 *  - "direct, unnamed": the same connection with DATABASE_POOLER=transaction, so the hot statements go unnamed
 *    (parsed and planned on every run) as they must behind a transaction-mode pooler: the cost of that alone;
 *  - "PgBouncer": DATABASE_URL is Debian's PgBouncer in transaction mode, started here, with
 *    DIRECT_DATABASE_URL for LISTEN and the migrations: the cost of unnamed statements and of the extra hop.
 * The three servers run side by side and the loads alternate (BENCH_POOLER_ROUNDS rounds, 1 unless set, each
 * starting with the next configuration), so a machine that gets busier during the section weighs on each alike.
 */
import path from "node:path";
import { postmasterPid } from "../../lib/base/db/cluster-owner";
import { treeCpu } from "./process-cpu";
import type { Result } from "./report";
import { pgbouncerBinary, PGBOUNCER_MISSING, startPgBouncer } from "../../e2e/support/pgbouncer";
import type { TestDatabase } from "../../e2e/support/test-database";

export type PoolerConfig = "direct, named" | "direct, unnamed" | "PgBouncer (transaction)";
/** A run's creates, with PostgreSQL's CPU per create (all its processes: parsing and planning unnamed statements shows there) and PgBouncer's. */
export type PoolerRun = {
  config: PoolerConfig;
  round: number;
  result: Result;
  dbCpuMsPerRequest?: number;
  poolerCpuMsPerRequest?: number;
};
export type PoolerSection = { concurrency: number; runs: PoolerRun[]; skipped?: string };

type Server = { pid: number; baseUrl: string; stop: () => Promise<void> };

type Deps<S extends Server, T> = {
  database: TestDatabase;
  concurrency: number;
  rounds: number;
  startServer: (env: Record<string, string>) => Promise<S>;
  tenantFor: (server: S) => Promise<T>;
  warmUp: (server: S, tenant: T) => Promise<void>;
  creates: (server: S, tenant: T, concurrency: number) => Promise<Result>;
};

export async function poolerSection<S extends Server, T>(deps: Deps<S, T>): Promise<PoolerSection> {
  const { database, concurrency } = deps;
  if (!pgbouncerBinary()) return { concurrency, runs: [], skipped: PGBOUNCER_MISSING };
  // Debian's defaults for the server side (default_pool_size 20): more than one worker's pool asks for.
  const bouncer = await startPgBouncer(database.url, { poolMode: "transaction", poolSize: 20 });
  const servers: { config: PoolerConfig; server: S }[] = [];
  try {
    const envs: [PoolerConfig, Record<string, string>][] = [
      ["direct, named", {}],
      ["direct, unnamed", { DATABASE_POOLER: "transaction" }],
      ["PgBouncer (transaction)", { DATABASE_URL: bouncer.url, DIRECT_DATABASE_URL: database.url }],
    ];
    for (const [config, env] of envs) servers.push({ config, server: await deps.startServer(env) });
    const tenant = await deps.tenantFor(servers[0]!.server);
    for (const { server } of servers) await deps.warmUp(server, tenant);
    const runs: PoolerRun[] = [];
    // The embedded cluster's postmaster: its process tree is every backend of every server.
    const postgres = postmasterPid(path.join(database.dir, "pg"));
    for (let round = 1; round <= deps.rounds; round++) {
      // Each round starts with the next configuration, so none is always the one run first or last.
      const order = servers.map((_, i) => servers[(i + round - 1) % servers.length]!);
      for (const { config, server } of order) {
        console.log(`pooler: ${config}, round ${round} of ${deps.rounds}, concurrency ${concurrency}…`);
        const poolerBefore = config.startsWith("PgBouncer") ? treeCpu(bouncer.pid).cpuMs : null;
        const dbBefore = postgres ? treeCpu(postgres, { reaped: true }).cpuMs : null;
        const result = await deps.creates(server, tenant, concurrency);
        const perCreate = (before: number | null, after: number | null) =>
          before === null || after === null
            ? undefined
            : Number(((after - before) / Math.max(1, result.total)).toFixed(2));
        const dbAfter = postgres ? treeCpu(postgres, { reaped: true }).cpuMs : null;
        const poolerAfter = poolerBefore === null ? null : treeCpu(bouncer.pid).cpuMs;
        runs.push({
          config,
          round,
          result,
          dbCpuMsPerRequest: perCreate(dbBefore, dbAfter),
          poolerCpuMsPerRequest: perCreate(poolerBefore, poolerAfter),
        });
      }
    }
    return { concurrency, runs };
  } finally {
    for (const { server } of servers) await server.stop();
    await bouncer.stop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export type PoolerSummary = {
  config: PoolerConfig;
  rounds: number;
  perSecond: number;
  p50: number;
  p99: number;
  cpuMs: number | null;
  dbCpuMs: number | null;
  poolerCpuMs: number | null;
  failures: number;
};

/** Each configuration's medians over its rounds (and every failure of every round). */
export function summarisePooler(section: PoolerSection): PoolerSummary[] {
  const configs = [...new Set(section.runs.map((r) => r.config))];
  return configs.map((config) => {
    const runs = section.runs.filter((r) => r.config === config);
    const cpu = runs.map((r) => r.result.cpuMsPerRequest).filter((v): v is number => v !== undefined);
    const pooler = runs.map((r) => r.poolerCpuMsPerRequest).filter((v): v is number => v !== undefined);
    const db = runs.map((r) => r.dbCpuMsPerRequest).filter((v): v is number => v !== undefined);
    return {
      config,
      rounds: runs.length,
      perSecond: median(runs.map((r) => r.result.requestsPerSecond)),
      p50: median(runs.map((r) => r.result.p50)),
      p99: median(runs.map((r) => r.result.p99)),
      cpuMs: cpu.length ? median(cpu) : null,
      dbCpuMs: db.length ? median(db) : null,
      poolerCpuMs: pooler.length ? median(pooler) : null,
      failures: runs.reduce((sum, r) => sum + r.result.errors + r.result.non2xx + r.result.status5xx, 0),
    };
  });
}
