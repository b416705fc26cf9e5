/**
 * The bench's targets and whether each is met: issue #56's (a create's CPU and rate against the no-op route's
 * in the same run, open-loop p99 at the default worker count, PgBouncer against direct, callback delivery
 * against what its CPU allows), issue #29's latency ratios and issue #30's ledger reads. Pure, so the verdicts
 * are tested (targets.test.ts) apart from the machine the figures come from.
 */
export type Verdict = "met" | "missed" | "not measured";
export type TargetLine = { figure: string; value: string; target: string; verdict: Verdict };

/** The figures of one run with one worker process, at c=16 unless named otherwise. */
export type ApiFigures = {
  createCpuMs: number | null;
  floorCpuMs: number | null;
  createsPerSecond: number;
  floorPerSecond: number;
  createsP50: number;
  createsP99: number;
  /** The server's event-loop delay p99 during the closed-loop creates run. */
  eventLoopP99Ms: number | null;
  /** Errors, timeouts, non-2xx answers and 5xx over every run of the group. */
  failures: number;
};

export const TARGETS = {
  createCpuToFloor: 2,
  createsToFloor: 0.4,
  openLoopP99Ms: 50,
  p99ToP50: 4,
  eventLoopP99Ms: 20,
  /** Deliveries/s against what the runner's, the receiver's and PostgreSQL's CPU per delivery allow on the cores. */
  callbackCapacityShare: 0.8,
  /** The POST's share of a sender's cycle: the rest is the sender waiting on the runner and the database. */
  callbackPostShare: 0.6,
  callbackRunnerCpuMs: 0.25,
  scaleSlowdown: 2,
  ledgerReadMs: 300,
  /** Creates/s through PgBouncer (transaction mode) against the direct connection's (issue #42). */
  pooledToDirect: 0.85,
} as const;

const fixed = (n: number, digits: number) => n.toFixed(digits);

function line(
  figure: string,
  value: number | null,
  shown: (v: number) => string,
  target: string,
  ok: (v: number) => boolean,
): TargetLine {
  if (value === null || !Number.isFinite(value)) return { figure, value: "-", target, verdict: "not measured" };
  return { figure, value: shown(value), target, verdict: ok(value) ? "met" : "missed" };
}

export function apiTargets(f: ApiFigures): TargetLine[] {
  const cpuRatio = f.createCpuMs !== null && f.floorCpuMs ? f.createCpuMs / f.floorCpuMs : null;
  const p99Ratio = f.createsP50 > 0 ? f.createsP99 / f.createsP50 : null;
  // Issue #56 states the CPU target as this ratio only: the absolute figure is printed inside its value.
  return [
    line(
      "app CPU per create / per no-op request",
      cpuRatio,
      (v) => `${fixed(v, 2)} (${fixed(f.createCpuMs!, 2)} / ${fixed(f.floorCpuMs!, 2)} ms)`,
      `<= ${TARGETS.createCpuToFloor}`,
      (v) => v <= TARGETS.createCpuToFloor,
    ),
    line(
      "creates/s / no-op req/s (c=16)",
      f.floorPerSecond > 0 ? f.createsPerSecond / f.floorPerSecond : null,
      (v) => `${fixed(v, 2)} (${fixed(f.createsPerSecond, 1)} / ${fixed(f.floorPerSecond, 1)})`,
      `>= ${TARGETS.createsToFloor}`,
      (v) => v >= TARGETS.createsToFloor,
    ),
    line(
      "closed-loop creates p99 / p50 (c=16)",
      p99Ratio,
      (v) => `${fixed(v, 2)} (${f.createsP99} / ${f.createsP50} ms)`,
      `<= ${TARGETS.p99ToP50}`,
      (v) => v <= TARGETS.p99ToP50,
    ),
    line(
      "event-loop delay p99 during creates (c=16), ms",
      f.eventLoopP99Ms,
      (v) => fixed(v, 1),
      `<= ${TARGETS.eventLoopP99Ms}`,
      (v) => v <= TARGETS.eventLoopP99Ms,
    ),
    line("errors, timeouts, non-2xx, 5xx", f.failures, String, "0", (v) => v === 0),
  ];
}

/**
 * Creates sent on schedule at half the closed-loop maximum, p99 within 50 ms: read at the default worker count
 * of the machine (scripts/server-cluster.ts, defaultWorkerCount: one worker on two cores), which is what a
 * deployment that sets nothing runs; `run` is that count's open-loop run, null when the bench ran without it.
 */
export function openLoopTarget(
  defaultWorkers: number,
  run: { rate: number; p50: number; p99: number } | null,
): TargetLine {
  const at = run ? ` at ${fixed(run.rate, 1)}/s` : "";
  return line(
    `open-loop creates p99${at}, ${defaultWorkers} worker(s) (the default), ms`,
    run?.p99 ?? null,
    (v) => `${fixed(v, 1)} (p50 ${fixed(run!.p50, 1)})`,
    `<= ${TARGETS.openLoopP99Ms}`,
    (v) => v <= TARGETS.openLoopP99Ms,
  );
}

/** Issue #42: creates through a transaction-mode PgBouncer within 15% of the direct connection's creates/s. */
export function pooledTarget(directPerSecond: number | null, pooledPerSecond: number | null): TargetLine {
  const ratio = directPerSecond && pooledPerSecond !== null ? pooledPerSecond / directPerSecond : null;
  return line(
    "creates/s through PgBouncer / direct",
    ratio,
    (v) => `${fixed(v, 2)} (${fixed(pooledPerSecond!, 1)} / ${fixed(directPerSecond!, 1)})`,
    `>= ${TARGETS.pooledToDirect}`,
    (v) => v >= TARGETS.pooledToDirect,
  );
}

/** One run of the callback bench at the target's senders (its JSON: scripts/bench-callbacks.ts). */
export type CallbackTargetFigures = {
  deliveriesPerSecond: number | null;
  cpuMsPerDelivery: { runner: number; receiver: number; postgres: number } | null;
  /** The POST's share of a sender's cycle, 0..1 (postShareOf). */
  postShare: number | null;
  /** The machine's cores (os.availableParallelism()): a second of each is 1,000 ms of CPU. */
  cores: number;
};

/** The callback bench's post_share when it wrote one, otherwise the POST's ms over the cycle's. */
export function postShareOf(
  sender: { cycle: number; post: number; post_share?: number } | undefined | null,
): number | null {
  if (!sender) return null;
  if (typeof sender.post_share === "number") return sender.post_share;
  return sender.cycle > 0 ? sender.post / sender.cycle : null;
}

/**
 * Issue #56, callbacks at 16 senders: deliveries/s at least 80% of what the three processes' CPU per delivery
 * allows on this machine's cores (their CPU, not the clock, is then what limits delivery); the POST at least 60% of
 * a sender's cycle (a sender waits little on the runner and the database); the runner at most 0.25 ms of CPU a
 * delivery.
 */
export function callbackTargets(f: CallbackTargetFigures): TargetLine[] {
  const cpu = f.cpuMsPerDelivery;
  const perDelivery = cpu ? cpu.runner + cpu.receiver + cpu.postgres : 0;
  const allowed = perDelivery > 0 ? (f.cores * 1000) / perDelivery : null;
  return [
    line(
      "deliveries/s / what their CPU allows",
      allowed !== null && f.deliveriesPerSecond !== null ? f.deliveriesPerSecond / allowed : null,
      (v) =>
        `${fixed(v, 2)} (${fixed(f.deliveriesPerSecond!, 1)} / ${fixed(allowed!, 1)}: ${f.cores * 1000} ms ÷ ${fixed(perDelivery, 3)} ms)`,
      `>= ${TARGETS.callbackCapacityShare}`,
      (v) => v >= TARGETS.callbackCapacityShare,
    ),
    line(
      "the POST's share of a sender's cycle",
      f.postShare,
      (v) => fixed(v, 2),
      `>= ${TARGETS.callbackPostShare}`,
      (v) => v >= TARGETS.callbackPostShare,
    ),
    line(
      "runner CPU per delivery, ms",
      cpu?.runner ?? null,
      (v) => fixed(v, 3),
      `<= ${TARGETS.callbackRunnerCpuMs}`,
      (v) => v <= TARGETS.callbackRunnerCpuMs,
    ),
  ];
}

/**
 * A figure at scale against the same figure with no data: how many times worse it got, and whether that is
 * within 2x. Sub-millisecond timings double on noise alone: both under a millisecond counts as within.
 */
export function scaleTarget(
  at0: number,
  atScale: number,
  higherIsBetter: boolean,
): { slowdown: number; verdict: Verdict } {
  const slowdown = higherIsBetter ? at0 / atScale : atScale / at0;
  if (!Number.isFinite(slowdown)) return { slowdown, verdict: "not measured" };
  const ok = slowdown <= TARGETS.scaleSlowdown || (!higherIsBetter && atScale < 1);
  return { slowdown, verdict: ok ? "met" : "missed" };
}

/**
 * Issue #30: at a million transactions a daily statement and a balance read stay under 300 ms. The median of
 * reads made one at a time (as the console pages' target), so one slow sample on a shared machine does not
 * decide; the report prints the slowest beside it.
 */
export function ledgerReadTarget(figure: string, medianMs: number | null, maxMs?: number): TargetLine {
  const shown = (v: number) => (maxMs === undefined ? fixed(v, 1) : `${fixed(v, 1)} (max ${fixed(maxMs, 1)})`);
  return line(`${figure}, ms`, medianMs, shown, `< ${TARGETS.ledgerReadMs}`, (v) => v < TARGETS.ledgerReadMs);
}
