/** The bench's printed report: every figure the targets name, with the target and whether it is met. */
import type { BenchWindow } from "../../lib/base/observability/bench-window";
import { LEDGER_READS, type LedgerFigures } from "./ledger-reads";
import { loadNote, type SectionLoad } from "./load-watch";
import { printApi } from "./report-api";
import { fixed, pad, printingSection, printTargets, said } from "./report-format";
import { callbackTargets, ledgerReadTarget, pooledTarget, postShareOf, scaleTarget } from "./targets";
import { TARGET_SENDERS } from "./callback-runs";
import type { CreateProfile } from "./profile-table";
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
  /** CPU profiles of the server (one worker) over short runs of creates of their own, at c=1 and each concurrency. */
  profiles: CreateProfile[];
};
/** What `npm run bench:callbacks` wrote (scripts/bench-callbacks.ts). */
export type CallbackFigures = {
  /** How many deliveries were sent at once (the run's BENCH_CONCURRENCY). */
  senders?: number;
  deliveries_per_second: number;
  cpu_ms_per_delivery?: { runner: number; receiver: number; postgres: number };
  /**
   * A sender's cycle per delivery and the POST's part of it (the rest waits for its start record and the runner);
   * post_share is POST ms / cycle ms (0..1) where the callback bench writes it.
   */
  sender_ms_per_delivery?: {
    cycle: number;
    post: number;
    post_share?: number;
    statement: number;
    deliveries_per_statement: number;
  };
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
  /** os.availableParallelism() of the machine that ran it. */
  cores: number;
  api: ApiSection | null;
  pooler: PoolerSection | null;
  callbacks: CallbackFigures[] | null;
  scaleFigures: { at0: ScaleFigures; atScale: ScaleFigures; loadSeconds: Record<string, number> } | null;
};

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

/** The targets at 16 senders (issue #56), and each run's cost per delivery beside them. */
function printCallbacks(runs: CallbackFigures[], cores: number): void {
  const at = runs.find((r) => r.senders === TARGET_SENDERS);
  printTargets(
    `callbacks (${TARGET_SENDERS} senders; the CPU allows ${cores} cores x 1,000 ms a second ÷ runner + receiver + PostgreSQL ms a delivery):`,
    callbackTargets({
      deliveriesPerSecond: at?.deliveries_per_second ?? null,
      cpuMsPerDelivery: at?.cpu_ms_per_delivery ?? null,
      postShare: postShareOf(at?.sender_ms_per_delivery),
      cores,
    }),
  );
  console.log(
    `  ${"senders".padEnd(8)}${pad("deliveries/s", 14)}${pad("CPU ms per delivery: runner", 30)}${pad("receiver", 10)}${pad("PostgreSQL", 12)}${pad("statements", 12)}${pad("sender's cycle ms", 19)}${pad("POST ms", 9)}${pad("POST share", 12)}${pad("statement ms", 14)}`,
  );
  for (const c of runs) {
    const cpu = c.cpu_ms_per_delivery;
    const t = c.sender_ms_per_delivery;
    const share = postShareOf(t);
    console.log(
      `  ${String(c.senders ?? "?").padEnd(8)}${pad(fixed(c.deliveries_per_second), 14)}${pad(cpu?.runner ?? "-", 30)}${pad(cpu?.receiver ?? "-", 10)}${pad(cpu?.postgres ?? "-", 12)}${pad(c.statements_per_delivery ?? "-", 12)}${pad(t?.cycle ?? "-", 19)}${pad(t?.post ?? "-", 9)}${pad(share === null ? "-" : fixed(share, 2), 12)}${pad(t ? `${t.statement} (${t.deliveries_per_statement})` : "-", 14)}`,
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
    printingSection(report.load[name]);
    console.log(`\n---- ${title}${loadNote(report.load[name])}`);
  };
  if (report.api) {
    enter("api", "api");
    printApi(report.api, report.cores);
  }
  if (report.pooler) {
    enter("pooler", "pooler");
    printPooler(report.pooler);
  }
  if (report.callbacks) {
    enter("callbacks", "callbacks");
    printCallbacks(report.callbacks, report.cores);
  }
  if (report.scaleFigures) {
    enter("scale", "scale");
    printScale(report.scaleFigures, report.scale);
  }
}
