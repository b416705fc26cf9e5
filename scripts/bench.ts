/**
 * `npm run bench`: builds, starts the production server on a fresh embedded database and drives it from a
 * separate process (autocannon). Three sections (BENCH_SECTIONS, default all):
 *  - api: creates, a 70/30 mix and the no-op route at BENCH_CONCURRENCY (16), each with 1 and N worker
 *    processes (BENCH_WORKERS, default "1,<cores>"); app CPU per request from the server's own process
 *    tree; then creates one at a time (c=1) and creates sent open-loop at half the closed-loop maximum;
 *    with one worker, the server's event-loop delay, GC and each create's phases (BENCH_PHASES, on unless
 *    "0"); plain INSERTs on the same database as a second yardstick;
 *  - pooler: creates with one worker on a direct connection (named, then unnamed statements) and through
 *    Debian's PgBouncer in transaction mode, started here (scripts/bench/pooled.ts; BENCH_POOLER_ROUNDS
 *    alternating rounds, 1 unless set);
 *  - callbacks: `npm run bench:callbacks` (deliveries/s to a local receiver) at BENCH_CONCURRENCY and at 32
 *    senders (BENCH_CALLBACK_SENDERS), with the CPU per delivery of the runner, the receiver and PostgreSQL;
 *  - recon: one partner's day of 100,000 transactions reconciled by the admin CLI (scripts/bench-recon.ts);
 *  - scale: on another fresh database, creates/s, the dealer's statement p99, console pages, the
 *    runner's claim query and the ledger's reads (a pair's daily statement, balances, the balance
 *    endpoints) with no data and again after loading BENCH_SCALE (1,000,000) transactions and their ledger.
 * Prints the figures against the targets and writes bench/results/bench-<time>.json.
 */
import { execFile, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { availableParallelism, tmpdir } from "node:os";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { disconnectPrisma } from "../lib/base/db/prisma";
import { startTestDatabase, type TestDatabase } from "../e2e/support/test-database";
import { startAppServer, testServerEnv, type AppServer } from "../e2e/support/test-stack";
import { promisify } from "node:util";
import type { LoadMode } from "./bench/requests";
import { FIRST_PAGE, loadMillion } from "./bench/million";
import { treeCpu } from "./bench/process-cpu";
import {
  printReport,
  type ApiSection,
  type CallbackFigures,
  type OpenLoopResult,
  type Report,
  type Result,
  type ScaleFigures,
} from "./bench/report";
import type { BenchWindow } from "../lib/base/observability/bench-window";
import { setUpTenant, stopGatewayPartner, type BenchTenant } from "./bench/setup";
import { timeLedgerReads } from "./bench/ledger-reads";
import { timeClaimQuery, timeConsolePages } from "./bench/timings";
import { poolerSection, type PoolerSection } from "./bench/pooled";
import { watchLoad } from "./bench/load-watch";
import { benchReconciliation, reconLine } from "./bench-recon";

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

/** The console pages timed at scale: what an operator opens first, and the explorer's costly shapes. */
const CONSOLE_PAGES: Record<string, string> = {
  dashboard: "/console",
  "explorer, newest": "/console/transactions",
  "explorer, search": `/console/transactions?q=${FIRST_PAGE.customer}`,
  "explorer, filter": "/console/transactions?status=pending&method=MANUAL_BANK",
  approvals: "/console/approvals",
  deliveries: "/console/deliveries",
};

if (!process.env.BENCH_SKIP_BUILD) {
  console.log("building…");
  // Next's build and the bundled server (dist/server.js) that the bench starts.
  const build = spawnSync("npm", ["run", "-s", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

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
  const section: ApiSection = { rows: [], inserts: {}, alone: [], openLoop: [] };
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

/**
 * Callback delivery at the bench's own concurrency and at 32 senders (BENCH_CALLBACK_SENDERS), each a fresh run of
 * `npm run bench:callbacks`: the target is read at the first, and each run's CPU per delivery is printed. Run as a
 * child that this process waits for without blocking, so the machine's load is still sampled meanwhile.
 */
async function callbackSection(): Promise<CallbackFigures[]> {
  const senders = [...new Set((process.env.BENCH_CALLBACK_SENDERS || `${CONCURRENCY[0]},32`).split(",").map(Number))];
  const figures: CallbackFigures[] = [];
  for (const n of senders) {
    console.log(`callback delivery, ${n} senders…`);
    const started = Date.now();
    const child = spawn(tsx, ["scripts/bench-callbacks.ts"], {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, LOG_LEVEL: "warn", BENCH_CONCURRENCY: String(n) },
    });
    await new Promise((resolve) => child.once("exit", resolve));
    const latest = readdirSync("bench/results")
      .filter((f) => f.startsWith("callbacks-") && Number(f.slice(10, -5)) >= started)
      .sort()
      .at(-1);
    if (latest)
      figures.push({ senders: n, ...(JSON.parse(readFileSync(`bench/results/${latest}`, "utf8")) as CallbackFigures) });
  }
  return figures;
}

async function scaleSection(): Promise<{
  at0: ScaleFigures;
  atScale: ScaleFigures;
  loadSeconds: Record<string, number>;
}> {
  const database = await startTestDatabase();
  const workers = Math.max(...WORKERS);
  const server = await startServer(database, workers);
  try {
    const tenant = await setUpTenant(server.baseUrl, "bench");
    await warmUp(server, tenant);
    const measure = async (label: string): Promise<ScaleFigures> => {
      console.log(`scale: measuring with ${label} transactions…`);
      return {
        creates: await load(server, tenant, "creates", 16),
        dealerHistory: await load(server, tenant, "dealer-history", 16),
        pages: await timeConsolePages(server.baseUrl, CONSOLE_PAGES, PAGE_RUNS),
        claim: await timeClaimQuery(database.url, 20),
        ledger: await timeLedgerReads(database.url, server.baseUrl, tenant, PAGE_RUNS),
      };
    };
    // Not quite nothing: one customer's first page of history (see loadMillion), for like-for-like pages.
    await loadMillion(database.url, tenant.ids, FIRST_PAGE.rows, FIRST_PAGE.customer);
    const at0 = await measure("no");
    console.log(`scale: loading ${SCALE.toLocaleString("en")} transactions…`);
    const loadSeconds = await loadMillion(database.url, tenant.ids, SCALE);
    const atScale = await measure(SCALE.toLocaleString("en"));
    return { at0, atScale, loadSeconds };
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
const callbacks = await section("callbacks", callbackSection);
const scale = await section("scale", scaleSection);
await stopGatewayPartner();
// Last: it starts a database of its own and points this process at it.
const recon = await section("recon", benchReconciliation);

printReport({ durationS: DURATION_S, scale: SCALE, api, pooler, callbacks, scaleFigures: scale, load: sectionLoads });
if (recon) console.log(`\n${reconLine(recon)}`);
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/bench-${Date.now()}.json`;
writeFileSync(
  file,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      durationS: DURATION_S,
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
