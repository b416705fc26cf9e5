/** The bench's printed report: every figure the targets name, with the target and whether it is met. */
import type { BenchWindow } from "../../lib/base/observability/bench-window";
import { phaseTable, type PhaseTable } from "./phase-table";
import { LEDGER_READS, type LedgerFigures } from "./ledger-reads";
import { busy, gateByLoad, loadNote, type SectionLoad } from "./load-watch";
import {
  apiTargets,
  callbackTarget,
  ledgerReadTarget,
  pooledTarget,
  scaleTarget,
  type TargetLine,
  type Verdict,
} from "./targets";
import { summarisePooler, type PoolerSection } from "./pooled";
import type { Timing } from "./timings";
import { FIRST_PAGE } from "./million";

export type Result = {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  status5xx: number;
  cpuMsPerRequest?: number;
  /** The server's own figures for the run (one worker process, BENCH_PHASES on). */
  server?: BenchWindow | null;
};
export type OpenLoopResult = Result & { rate: number; maxInFlight: number; worstSendLagMs: number };
export type ApiRow = { workers: number; concurrency: number; mode: "mix" | "creates" | "floor"; result: Result };
export type ApiSection = {
  rows: ApiRow[];
  inserts: Record<number, Result>;
  /** Creates one at a time (c=1): each request alone in the server, so its phases' CPU is its own. */
  alone: { workers: number; result: Result }[];
  openLoop: { workers: number; result: OpenLoopResult }[];
};
/** What `npm run bench:callbacks` wrote (scripts/bench-callbacks.ts). */
export type CallbackFigures = {
  /** How many deliveries were sent at once (the run's BENCH_CONCURRENCY). */
  senders?: number;
  deliveries_per_second: number;
  cpu_ms_per_delivery?: { runner: number; receiver: number; postgres: number };
  /** A sender's cycle per delivery and the POST's share of it (the rest waits for its start record and the runner). */
  sender_ms_per_delivery?: { cycle: number; post: number; statement: number; deliveries_per_statement: number };
  statements_per_delivery?: number;
  statement_ms_per_delivery?: number;
  wal_bytes_per_delivery?: number;
  statements_by_kind?: Record<string, number>;
};
export type ScaleFigures = {
  creates: Result;
  dealerHistory: Result;
  pages: Record<string, Timing>;
  claim: Timing;
  ledger: LedgerFigures;
};

export type Report = {
  /** The machine's load around each section that ran (scripts/bench/load-watch.ts). */
  load: Partial<Record<"api" | "pooler" | "callbacks" | "scale" | "recon", SectionLoad>>;
  durationS: number;
  scale: number;
  api: ApiSection | null;
  pooler: PoolerSection | null;
  callbacks: CallbackFigures[] | null;
  scaleFigures: { at0: ScaleFigures; atScale: ScaleFigures; loadSeconds: Record<string, number> } | null;
};

const pad = (s: string | number, n: number) => String(s).padStart(n);
const fixed = (n: number, digits = 1) => n.toFixed(digits);
const failures = (r: Result) => r.errors + r.non2xx + r.status5xx;
/** A run's requests without the bench's own reads of the server's figures. */
const notMetrics = (route: string) => route !== "/api/metrics";

function printRuns({ rows, inserts, alone, openLoop }: ApiSection): void {
  console.log(
    `\n${"workers".padEnd(8)}${"run".padEnd(26)}${pad("conc", 6)}${pad("req/s", 9)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("errors", 8)}${pad("5xx", 5)}${pad("cpu ms/req", 12)}`,
  );
  const row = (workers: number | string, name: string, conc: number | string, r: Result) =>
    console.log(
      `${String(workers).padEnd(8)}${name.padEnd(26)}${pad(conc, 6)}${pad(fixed(r.requestsPerSecond), 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.errors + r.non2xx, 8)}${pad(r.status5xx, 5)}${pad(r.cpuMsPerRequest ?? "", 12)}`,
    );
  const names = { mix: "api mix (70% creates)", creates: "api creates", floor: "no-op (/api/health)" };
  for (const { workers, concurrency, mode, result } of rows) row(workers, names[mode], concurrency, result);
  for (const { workers, result } of alone) row(workers, "api creates, one at a time", 1, result);
  for (const { workers, result } of openLoop)
    row(workers, `open-loop creates ${fixed(result.rate)}/s`, `≤${result.maxInFlight}`, result);
  for (const [c, r] of Object.entries(inserts)) row("-", "raw INSERTs", c, r);
  for (const { workers, result } of openLoop) {
    // Latency counts from each request's due moment: a late generator shows in it, so say how late it was.
    console.log(
      `(open-loop, ${workers} worker(s): at most ${result.maxInFlight} creates in flight; the generator sent at worst ${result.worstSendLagMs} ms after a request was due)`,
    );
  }
}

function printServer(runs: { name: string; result: Result }[]): void {
  const measured = runs.filter((r) => r.result.server);
  if (!measured.length) return;
  console.log(`\nserver, per run: event-loop delay (sampled every 10 ms) and garbage collection`);
  console.log(
    `${"run".padEnd(30)}${pad("loop p50", 10)}${pad("p99", 8)}${pad("max ms", 8)}${pad("GC ms", 8)}${pad("GC/req", 8)}${pad("minor", 7)}${pad("major", 7)}${pad("CPU s", 7)}${pad("main thread ms/req", 20)}${pad("others ms/req", 15)}`,
  );
  for (const { name, result } of measured) {
    const s = result.server!;
    const gcMs = Object.values(s.gc).reduce((a, g) => a + g.ms, 0);
    const count = (kind: string) => s.gc[kind]?.count ?? 0;
    const { p50, p99, max } = s.eventLoopDelayMs;
    const perRequest = (ms: number | undefined) => (ms === undefined ? "-" : fixed(ms / Math.max(1, result.total), 2));
    console.log(
      `${name.padEnd(30)}${pad(fixed(p50), 10)}${pad(fixed(p99), 8)}${pad(fixed(max), 8)}${pad(fixed(gcMs), 8)}${pad(fixed(gcMs / Math.max(1, result.total), 2), 8)}${pad(count("minor"), 7)}${pad(count("major"), 7)}${pad(fixed(s.cpuMs / 1000), 7)}` +
        `${pad(perRequest(s.threadsMs?.main), 20)}${pad(perRequest(s.threadsMs?.other), 15)}`,
    );
  }
}

function printPhases(alone: Result | undefined, closed: Result | undefined, floor: Result | undefined): void {
  const table = (r: Result | undefined) => (r?.server ? phaseTable(r.server.routes, notMetrics) : null);
  const [a, c, f] = [table(alone), table(closed), table(floor)];
  const base = a ?? c;
  if (!base) return;
  const cell = (t: PhaseTable | null, phase: string, clock: "wallMs" | "cpuMs") => {
    const v = t?.rows.find((r) => r.phase === phase)?.[clock];
    return pad(v === null || v === undefined ? "-" : fixed(v, 3), 12);
  };
  console.log(
    `\nwhere a create's time goes, ms per request (CPU: requests alone in the process, ${a?.alone ?? 0} of ${a?.requests ?? 0})`,
  );
  console.log(
    `${"phase".padEnd(36)}${pad("c=1 CPU", 12)}${pad("c=1 wall", 12)}${pad("c=16 wall", 12)}${pad("no-op wall", 12)}`,
  );
  for (const { phase } of base.rows)
    console.log(
      `${phase.padEnd(36)}${cell(a, phase, "cpuMs")}${cell(a, phase, "wallMs")}${cell(c, phase, "wallMs")}${cell(f, phase, "wallMs")}`,
    );
  if (alone?.cpuMsPerRequest !== undefined && a) {
    const inRequests = a.rows.find((r) => r.phase === "total")?.cpuMs ?? 0;
    console.log(
      `${"outside requests (process CPU / req)".padEnd(36)}${pad(fixed(alone.cpuMsPerRequest - inRequests, 3), 12)}   (HTTP parsing before the handler sees it, GC and timers between requests)`,
    );
  }
}

/** The load of the section being printed: while it exceeded the cores, no target is reported as met. */
let sectionLoad: SectionLoad | undefined;
const said = (verdict: Verdict) =>
  verdict === "met" && busy(sectionLoad) ? "not measured" : verdict === "missed" ? "MISSED" : verdict;

function printTargets(title: string, lines: TargetLine[]): void {
  console.log(`\n${title}`);
  for (const l of gateByLoad(lines, sectionLoad))
    console.log(
      `  ${l.figure.padEnd(50)}${l.value.padStart(30)}  target ${l.target.padEnd(8)} ${l.verdict === "missed" ? "MISSED" : l.verdict}`,
    );
}

function printApi(api: ApiSection): void {
  printRuns(api);
  for (const workers of new Set(api.rows.map((r) => r.workers))) {
    const group = api.rows.filter((r) => r.workers === workers);
    const alone = api.alone.find((r) => r.workers === workers)?.result;
    const open = api.openLoop.find((r) => r.workers === workers)?.result;
    const at16 = group.filter((r) => r.concurrency === 16);
    const get = (mode: ApiRow["mode"]) => (at16.length ? at16 : group).find((r) => r.mode === mode)?.result;
    const [creates, floor] = [get("creates"), get("floor")];
    if (!creates || !floor) continue;
    const runs = [
      ...group.map((r) => ({ name: `${r.mode}, c=${r.concurrency}`, result: r.result })),
      ...(alone ? [{ name: "creates, c=1", result: alone }] : []),
      ...(open ? [{ name: "open-loop creates", result: open }] : []),
    ];
    printServer(runs);
    printPhases(alone, creates, floor);
    const lines = apiTargets({
      createCpuMs: creates.cpuMsPerRequest ?? null,
      floorCpuMs: floor.cpuMsPerRequest ?? null,
      createsPerSecond: creates.requestsPerSecond,
      floorPerSecond: floor.requestsPerSecond,
      createsP50: creates.p50,
      createsP99: creates.p99,
      eventLoopP99Ms: creates.server?.eventLoopDelayMs.p99 ?? null,
      openLoop: open ? { rate: open.rate, p50: open.p50, p99: open.p99 } : null,
      failures: runs.reduce((sum, r) => sum + failures(r.result), 0),
    });
    printTargets(`targets, ${workers} worker(s), same run:`, lines);
    const raw = api.inserts[16];
    if (raw)
      console.log(`  (creates/s / raw INSERTs/s ${fixed(creates.requestsPerSecond / raw.requestsPerSecond, 3)})`);
  }
}

function printScale({ at0, atScale, loadSeconds }: NonNullable<Report["scaleFigures"]>, scale: number): void {
  const total = Object.values(loadSeconds).reduce((a, b) => a + b, 0);
  console.log(
    `\nat scale: ${scale.toLocaleString("en")} transactions loaded in ${fixed(total)} s (${Object.entries(loadSeconds)
      .map(([k, v]) => `${k} ${v} s`)
      .join(", ")})`,
  );
  console.log(
    `(at 0: no bulk data, only the bench's own creates and one customer's ${FIRST_PAGE.rows.toLocaleString("en")} rows, so every timed page shows a full first page at both points)`,
  );
  console.log(`${"figure".padEnd(30)}${pad("at 0", 10)}${pad("at scale", 10)}${pad("slower", 8)}  target`);
  const line = (name: string, a: number, b: number, higherIsBetter: boolean, extra = "") => {
    const { slowdown, verdict } = scaleTarget(a, b, higherIsBetter);
    console.log(
      `${name.padEnd(30)}${pad(fixed(a), 10)}${pad(fixed(b), 10)}${pad(fixed(slowdown, 2), 8)}  within 2x: ${said(verdict)}${extra}`,
    );
  };
  line(
    "creates/s (c=16)",
    at0.creates.requestsPerSecond,
    atScale.creates.requestsPerSecond,
    true,
    `; errors/5xx ${at0.creates.status5xx + atScale.creates.status5xx + atScale.creates.non2xx}`,
  );
  line("dealer statement p99 ms (c=16)", at0.dealerHistory.p99, atScale.dealerHistory.p99, false);
  for (const [name, timing] of Object.entries(atScale.pages)) {
    const before = at0.pages[name]!;
    line(
      `${name} ms (median)`,
      before.median,
      timing.median,
      false,
      `; under 300 ms at scale: ${said(timing.median < 300 ? "met" : "missed")} (max ${timing.max} ms, ${Math.round((timing.bytes ?? 0) / 1024)} KiB)`,
    );
  }
  line("callback claim query ms", at0.claim.median, atScale.claim.median, false);
  printLedger(at0.ledger, atScale.ledger, loadSeconds);
}

function printLedger(at0: LedgerFigures, atScale: LedgerFigures, loadSeconds: Record<string, number>): void {
  const s = atScale.statementOf;
  console.log(
    `\nledger at scale: backfill ${loadSeconds["ledger backfill"] ?? "-"} s, daily snapshots ${loadSeconds["ledger snapshots"] ?? "-"} s; statement of provider ${s.providerId} and dealer ${s.dealerId} on ${s.day} (${s.sets.toLocaleString("en")} entry sets that day)`,
  );
  const reads = Object.entries(LEDGER_READS) as [keyof typeof LEDGER_READS, string][];
  console.log(
    `(for comparison, the pair's balance summed from every entry, as read before daily snapshots: ${at0.pairSumOfEveryEntry.median} ms at 0, ${atScale.pairSumOfEveryEntry.median} ms at scale)`,
  );
  for (const [label, figures] of [
    ["at 0", at0],
    ["at scale", atScale],
  ] as const) {
    printTargets(
      `ledger reads ${label} (median of one-at-a-time reads):`,
      reads.map(([key, name]) => ledgerReadTarget(name, figures[key].median, figures[key].max)),
    );
  }
}

/** Creates direct (named and unnamed statements) and through PgBouncer in transaction mode, side by side. */
function printPooler(section: PoolerSection): void {
  if (section.skipped) {
    console.log(`\npooler: not measured (${section.skipped})`);
    return;
  }
  const rows = summarisePooler(section);
  console.log(
    `\ncreates at c=${section.concurrency}, one worker, direct and through PgBouncer (transaction mode); medians of ${rows[0]?.rounds ?? 0} alternating round(s)`,
  );
  console.log(
    `${"connection".padEnd(26)}${pad("req/s", 8)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("CPU ms/create: app", 20)}${pad("PostgreSQL", 12)}${pad("PgBouncer", 11)}${pad("failures", 10)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.config.padEnd(26)}${pad(fixed(r.perSecond), 8)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.cpuMs ?? "-", 20)}${pad(r.dbCpuMs ?? "-", 12)}${pad(r.poolerCpuMs ?? "-", 11)}${pad(r.failures, 10)}`,
    );
  }
  const of = (config: string) => rows.find((r) => r.config === config);
  const [named, unnamed, pooled] = [of("direct, named"), of("direct, unnamed"), of("PgBouncer (transaction)")];
  printTargets("pooler:", [pooledTarget(named?.perSecond ?? null, pooled?.perSecond ?? null)]);
  if (named && unnamed) {
    console.log(
      `  (unnamed / named statements on the direct connection: creates/s ${fixed(unnamed.perSecond / named.perSecond, 2)}; CPU per create, app ${unnamed.cpuMs ?? "-"} / ${named.cpuMs ?? "-"} ms, PostgreSQL ${unnamed.dbCpuMs ?? "-"} / ${named.dbCpuMs ?? "-"} ms)`,
    );
  }
}

/** The target at the bench's own concurrency (the first run), and each run's cost per delivery beside it. */
function printCallbacks(runs: CallbackFigures[]): void {
  const first = runs[0];
  printTargets(`callbacks (${first?.senders ?? "?"} senders):`, [callbackTarget(first?.deliveries_per_second ?? null)]);
  console.log(
    `  ${"senders".padEnd(8)}${pad("deliveries/s", 14)}${pad("CPU ms per delivery: runner", 30)}${pad("receiver", 10)}${pad("PostgreSQL", 12)}${pad("statements", 12)}${pad("sender's cycle ms", 19)}${pad("POST ms", 9)}${pad("statement ms", 14)}`,
  );
  for (const c of runs) {
    const cpu = c.cpu_ms_per_delivery;
    const t = c.sender_ms_per_delivery;
    console.log(
      `  ${String(c.senders ?? "?").padEnd(8)}${pad(fixed(c.deliveries_per_second), 14)}${pad(cpu?.runner ?? "-", 30)}${pad(cpu?.receiver ?? "-", 10)}${pad(cpu?.postgres ?? "-", 12)}${pad(c.statements_per_delivery ?? "-", 12)}${pad(t?.cycle ?? "-", 19)}${pad(t?.post ?? "-", 9)}${pad(t ? `${t.statement} (${t.deliveries_per_statement})` : "-", 14)}`,
    );
  }
  console.log(
    "  (a sender's cycle: senders x wall time per delivery; besides the POST it waits for the attempt's start record, " +
      "the one statement in flight and then its own, which records the attempts in brackets, and for the runner's event loop)",
  );
}

export function printReport(report: Report): void {
  console.log(`\n==== bench (${report.durationS} s per load run) ====`);
  const enter = (name: keyof Report["load"], title: string) => {
    sectionLoad = report.load[name];
    console.log(`\n---- ${title}${loadNote(sectionLoad)}`);
  };
  if (report.api) {
    enter("api", "api");
    printApi(report.api);
  }
  if (report.pooler) {
    enter("pooler", "pooler");
    printPooler(report.pooler);
  }
  if (report.callbacks) {
    enter("callbacks", "callbacks");
    printCallbacks(report.callbacks);
  }
  if (report.scaleFigures) {
    enter("scale", "scale");
    printScale(report.scaleFigures, report.scale);
  }
}
