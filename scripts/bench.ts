/**
 * `npm run bench`: builds, starts the production server on a fresh embedded database and drives it from a
 * separate process (autocannon). Three sections (BENCH_SECTIONS, default all):
 *  - api: creates, a 70/30 mix and the no-op route at BENCH_CONCURRENCY (16), each with 1 and N worker
 *    processes (BENCH_WORKERS, default "1,<cores>"); app CPU per request from the server's own process
 *    tree; then creates one at a time (c=1) and creates sent open-loop at half the closed-loop maximum;
 *    with one worker, the server's event-loop delay, GC and each create's phases (BENCH_PHASES, on unless
 *    "0"); after those, a CPU profile of the server over a short run of creates of its own at c=1 and at each
 *    concurrency (BENCH_PROFILE_S seconds, 5; 0 for none), a create's CPU by group; plain INSERTs on the same
 *    database as a second yardstick;
 *  - pooler: creates with one worker on a direct connection (named, then unnamed statements) and through
 *    Debian's PgBouncer in transaction mode, started here (scripts/bench/pooled.ts; BENCH_POOLER_ROUNDS
 *    alternating rounds, 1 unless set);
 *  - callbacks: `npm run bench:callbacks` (deliveries/s to a local receiver) at 16 senders, BENCH_CONCURRENCY
 *    and 32 (BENCH_CALLBACK_SENDERS), with the CPU per delivery of the runner, the receiver and PostgreSQL;
 *  - recon: one partner's day of 100,000 transactions reconciled by the admin CLI (scripts/bench-recon.ts);
 *  - scale: on another fresh database, creates/s, the dealer's statement p99, console pages, the
 *    runner's claim query and the ledger's reads (a pair's daily statement, balances, the balance
 *    endpoints) with no data and again after loading BENCH_SCALE (1,000,000) transactions and their ledger.
 * Prints the figures against the targets and writes bench/results/bench-<time>.json.
 */
import { execFile, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { availableParallelism, tmpdir } from "node:os";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { disconnectPrisma } from "../lib/base/db/prisma";
import { startTestDatabase, type TestDatabase } from "../e2e/support/test-database";
import { startAppServer, testServerEnv, type AppServer } from "../e2e/support/test-stack";
import { promisify } from "node:util";
import type { LoadMode } from "./bench/requests";
import { treeCpu } from "./bench/process-cpu";
import { printReport, type ApiSection, type OpenLoopResult, type Report, type Result } from "./bench/report";
import type { BenchWindow } from "../lib/base/observability/bench-window";
import { setUpTenant, stopGatewayPartner, type BenchTenant } from "./bench/setup";
import { poolerSection, type PoolerSection } from "./bench/pooled";
import { watchLoad } from "./bench/load-watch";
import { benchReconciliation, reconLine } from "./bench-recon";
import { callbackRuns } from "./bench/callback-runs";
import { profileCreateRuns } from "./bench/create-profiles";
import { measureAtScale, type ScaleSection } from "./bench/scale-section";

const SECTIONS = new Set((process.env.BENCH_SECTIONS || "api,pooler,callbacks,scale,recon").split(","));
const POOLER_ROUNDS = Number(process.env.BENCH_POOLER_ROUNDS || 1);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY || "16").split(",").map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION_S || 8);
const WORKERS = [...new Set((process.env.BENCH_WORKERS || `1,${availableParallelism()}`).split(",").map(Number))];
const SCALE = Number(process.env.BENCH_SCALE || 1_000_000);
const PAGE_RUNS = Number(process.env.BENCH_PAGE_RUNS || 10);
const tsx = path.join("node_modules", ".bin", "tsx");
/** The server times each request's phases and samples its event loop and GC (lib/base/observability/request-phases.ts). */
const PHASES = process.env.BENCH_PHASES !== "0";
/** The bench reads those figures from /api/metrics, which a production server serves only to this token. */
const METRICS_TOKEN = randomBytes(24).toString("hex");
/** The profiled runs' length (scripts/bench/create-profiles.ts); they need the server's figures (PHASES). */
const PROFILE_S = PHASES ? Number(process.env.BENCH_PROFILE_S ?? 5) : 0;

if (!process.env.BENCH_SKIP_BUILD) {
  console.log("building…");
  // Next's build and the bundled server (dist/server.js) that the bench starts.
  const build = spawnSync("npm", ["run", "-s", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The results, and the profiles and callback runs written during the sections.
mkdirSync("bench/results", { recursive: true });

type BenchServer = AppServer & { workers: number };

async function startServer(
  database: TestDatabase,
  workers: number,
  extraEnv: Record<string, string> = {},
): Promise<BenchServer> {
  const env = testServerEnv(database);
  // This process signs for the sandbox bank and decrypts secrets like the server: the same keys.
  const { APP_ENCRYPTION_KEY, BANK_WEBHOOK_SECRET, ACQUIRER_WEBHOOK_SECRET } = env;
  Object.assign(process.env, {
    APP_ENCRYPTION_KEY,
    BANK_WEBHOOK_SECRET,
    ACQUIRER_WEBHOOK_SECRET,
    DATABASE_URL: database.url,
  });
  const server = await startAppServer({
    ...env,
    WEB_CONCURRENCY: String(workers),
    RATE_LIMIT_PER_MINUTE: "100000000",
    SANDBOX_BANK_SETTLE_MS: "0",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    BENCH_PHASES: PHASES ? "1" : "0",
    METRICS_TOKEN,
    ...extraEnv,
  });
  process.env.PUBLIC_BASE_URL = server.baseUrl;
  return { ...server, workers };
}

/**
 * The server's figures since the previous read (one worker only: with several, a read reaches one of them
 * and says nothing of the others).
 */
async function serverWindow(server: BenchServer): Promise<BenchWindow | null> {
  if (!PHASES || server.workers !== 1) return null;
  const res = await fetch(`${server.baseUrl}/api/metrics?window=bench`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!res.ok) throw new Error(`/api/metrics?window=bench: HTTP ${res.status}`);
  return (await res.json()) as BenchWindow;
}

/**
 * One generator process against the server (closed loop: scripts/bench/load.ts; open loop at `rate`:
 * scripts/bench/open-loop.ts); with `measure`, the server's CPU per request served and its own figures.
 */
async function load(
  server: BenchServer,
  tenant: BenchTenant,
  mode: LoadMode,
  connections: number,
  options: { measure?: boolean; durationS?: number; rate?: number } = {},
): Promise<Result> {
  const { measure = false, durationS = DURATION_S, rate } = options;
  const file = path.join(tmpdir(), `bench-${process.pid}-${mode}-${connections}.json`);
  writeFileSync(file, JSON.stringify({ ...tenant.load, baseUrl: server.baseUrl, mode, connections, durationS, rate }));
  if (measure) await serverWindow(server); // a new window starts here
  const before = measure ? treeCpu(server.pid) : null;
  const generator = rate === undefined ? "scripts/bench/load.ts" : "scripts/bench/open-loop.ts";
  const { stdout } = await promisify(execFile)(tsx, [generator, file], {
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  const result = JSON.parse(stdout) as Result;
  if (before)
    result.cpuMsPerRequest = Number(
      ((treeCpu(server.pid).cpuMs - before.cpuMs) / Math.max(1, result.total)).toFixed(2),
    );
  if (measure) result.server = await serverWindow(server);
  return result;
}

/** A fresh server compiles its routes and fills its pools on first use: not what is measured. */
async function warmUp(server: BenchServer, tenant: BenchTenant): Promise<void> {
  await load(server, tenant, "mix", 8, { durationS: 2 });
}

async function apiSection(): Promise<ApiSection> {
  const database = await startTestDatabase();
  const section: ApiSection = { rows: [], inserts: {}, alone: [], openLoop: [], profiles: [] };
  const { rows, inserts } = section;
  let tenant: BenchTenant | undefined;
  try {
    for (const workers of WORKERS) {
      const server = await startServer(database, workers);
      try {
        tenant ??= await setUpTenant(server.baseUrl, "bench");
        await warmUp(server, tenant);
        const processes = treeCpu(server.pid).processes;
        for (const c of CONCURRENCY) {
          console.log(`api: ${workers} worker(s) (${processes} processes), concurrency ${c}…`);
          for (const mode of ["mix", "creates", "floor"] as const)
            rows.push({
              workers,
              concurrency: c,
              mode,
              result: await load(server, tenant, mode, c, { measure: true }),
            });
        }
        console.log(`api: ${workers} worker(s), creates one at a time, then open-loop…`);
        section.alone.push({ workers, result: await load(server, tenant, "creates", 1, { measure: true }) });
        // Half the closed-loop maximum: the load an integrator's ordinary traffic puts on the service.
        const most = Math.max(
          ...rows.filter((r) => r.workers === workers && r.mode === "creates").map((r) => r.result.requestsPerSecond),
        );
        const rate = Math.max(1, Math.round(most / 2));
        section.openLoop.push({
          workers,
          result: (await load(server, tenant, "creates", 0, { measure: true, rate })) as OpenLoopResult,
        });
        // Last, so the sampling's cost (a profiler attached, a few percent) touches none of the measured runs.
        if (PROFILE_S > 0 && workers === 1) {
          const profiled = tenant;
          section.profiles = await profileCreateRuns({
            baseUrl: server.baseUrl,
            token: METRICS_TOKEN,
            concurrencies: [1, ...CONCURRENCY],
            seconds: PROFILE_S,
            run: (c) => load(server, profiled, "creates", c, { durationS: PROFILE_S }),
          });
        }
      } finally {
        await server.stop();
      }
    }
    for (const c of CONCURRENCY) {
      const { stdout } = await promisify(execFile)(
        tsx,
        ["scripts/bench/inserts.ts", database.url, String(c), String(DURATION_S)],
        { encoding: "utf8" },
      );
      inserts[c] = JSON.parse(stdout) as Result;
    }
  } finally {
    await disconnectPrisma();
    await database.stop();
  }
  return section;
}

async function poolerRows(): Promise<PoolerSection> {
  const database = await startTestDatabase();
  try {
    return await poolerSection({
      database,
      concurrency: CONCURRENCY[0]!,
      rounds: POOLER_ROUNDS,
      startServer: (env) => startServer(database, 1, env),
      tenantFor: (server) => setUpTenant(server.baseUrl, "bench"),
      warmUp,
      creates: (server, tenant, c) => load(server, tenant, "creates", c, { measure: true }),
    });
  } finally {
    await disconnectPrisma();
    await database.stop();
  }
}

async function scaleSection(): Promise<ScaleSection> {
  const database = await startTestDatabase();
  const server = await startServer(database, Math.max(...WORKERS));
  try {
    const tenant = await setUpTenant(server.baseUrl, "bench");
    await warmUp(server, tenant);
    return await measureAtScale({
      database,
      baseUrl: server.baseUrl,
      tenant,
      scale: SCALE,
      pageRuns: PAGE_RUNS,
      load: (mode) => load(server, tenant, mode, 16),
    });
  } finally {
    await server.stop();
    await disconnectPrisma();
    await database.stop();
  }
}

const sectionLoads: Report["load"] = {};
async function section<T>(name: keyof Report["load"], run: () => Promise<T> | T): Promise<T | null> {
  if (!SECTIONS.has(name)) return null;
  const [result, watched] = await watchLoad(name, run);
  sectionLoads[name] = watched;
  return result;
}
const api = await section("api", apiSection);
const pooler = await section("pooler", poolerRows);
const callbacks = await section("callbacks", () => callbackRuns(tsx, CONCURRENCY[0]!));
const scale = await section("scale", scaleSection);
await stopGatewayPartner();
// Last: it starts a database of its own and points this process at it.
const recon = await section("recon", benchReconciliation);

const cores = availableParallelism();
printReport({
  durationS: DURATION_S,
  scale: SCALE,
  cores,
  api,
  pooler,
  callbacks,
  scaleFigures: scale,
  load: sectionLoads,
});
if (recon) console.log(`\n${reconLine(recon)}`);
const file = `bench/results/bench-${Date.now()}.json`;
writeFileSync(
  file,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      durationS: DURATION_S,
      cores,
      concurrency: CONCURRENCY,
      workers: WORKERS,
      api,
      pooler,
      callbacks,
      scale,
      recon,
      load: sectionLoads,
    },
    null,
    2,
  ),
);
console.log(`\nwritten to ${file}`);
