/** The api section of the bench's printed report: its runs, the server's own figures, a create's phases, targets. */
import { defaultWorkerCount } from "../server-cluster";
import { phaseTable, type PhaseTable } from "./phase-table";
import { fixed, pad, printTargets } from "./report-format";
import { printCreateProfiles } from "./report-profiles";
import type { ApiRow, ApiSection, Result } from "./report";
import { apiTargets, openLoopTarget } from "./targets";

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

export function printApi(api: ApiSection, cores: number): void {
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
      failures: runs.reduce((sum, r) => sum + failures(r.result), 0),
    });
    printTargets(`targets, ${workers} worker(s), same run:`, lines);
    const raw = api.inserts[16];
    if (raw)
      console.log(`  (creates/s / raw INSERTs/s ${fixed(creates.requestsPerSecond / raw.requestsPerSecond, 3)})`);
  }
  // Read once, at the worker count a deployment that sets none runs (one worker on two cores).
  const defaults = defaultWorkerCount(cores);
  const open = api.openLoop.find((r) => r.workers === defaults)?.result;
  printTargets(`open-loop, at the default worker count on ${cores} cores:`, [
    openLoopTarget(defaults, open ? { rate: open.rate, p50: open.p50, p99: open.p99 } : null),
  ]);
  printCreateProfiles(api);
}
