import { describe, expect, it } from "vitest";
import {
  apiTargets,
  callbackTargets,
  ledgerReadTarget,
  openLoopTarget,
  pooledTarget,
  postShareOf,
  scaleTarget,
  type ApiFigures,
  type CallbackTargetFigures,
  type Verdict,
} from "./targets";

/** The landed build's figures from issue #29 (one run): every API target missed. */
const landed: ApiFigures = {
  createCpuMs: 6.3,
  floorCpuMs: 1.2,
  createsPerSecond: 122,
  floorPerSecond: 637,
  createsP50: 64,
  createsP99: 470,
  eventLoopP99Ms: 61,
  failures: 0,
};

/** Figures that meet every target, each at or just inside its bound. */
const meeting: ApiFigures = {
  createCpuMs: 2.5,
  floorCpuMs: 1.25,
  createsPerSecond: 400,
  floorPerSecond: 1000,
  createsP50: 20,
  createsP99: 80,
  eventLoopP99Ms: 20,
  failures: 0,
};

const verdicts = (f: ApiFigures) => Object.fromEntries(apiTargets(f).map((l) => [l.figure, l.verdict]));

describe("the bench's targets", () => {
  it("misses every API target on the landed build's figures, and says by how much", () => {
    const lines = apiTargets(landed);
    expect(lines.filter((l) => l.verdict === "missed").map((l) => l.figure)).toEqual([
      "app CPU per create / per no-op request",
      "creates/s / no-op req/s (c=16)",
      "closed-loop creates p99 / p50 (c=16)",
      "event-loop delay p99 during creates (c=16), ms",
    ]);
    const byFigure = Object.fromEntries(lines.map((l) => [l.figure, l.value]));
    expect(byFigure["app CPU per create / per no-op request"]).toBe("5.25 (6.30 / 1.20 ms)");
    expect(byFigure["creates/s / no-op req/s (c=16)"]).toBe("0.19 (122.0 / 637.0)");
    expect(byFigure["closed-loop creates p99 / p50 (c=16)"]).toBe("7.34 (470 / 64 ms)");
    expect(byFigure["errors, timeouts, non-2xx, 5xx"]).toBe("0");
  });

  it("states a create's CPU as a ratio to the no-op route's only (issue #56): no absolute bound", () => {
    // 6 ms a create is fine when the no-op route takes 3 ms in the same run.
    const result = verdicts({ ...meeting, createCpuMs: 6, floorCpuMs: 3 });
    expect(result["app CPU per create / per no-op request"]).toBe("met");
    expect(Object.keys(result).some((figure) => figure.startsWith("app CPU per create, ms"))).toBe(false);
  });

  it("meets each target at its bound exactly", () => {
    expect(Object.values(verdicts(meeting))).toEqual(Array(5).fill("met"));
  });

  const past: [string, Partial<ApiFigures>, string][] = [
    ["CPU ratio", { floorCpuMs: 1.24 }, "app CPU per create / per no-op request"],
    ["rate ratio", { createsPerSecond: 399 }, "creates/s / no-op req/s (c=16)"],
    ["p99 / p50", { createsP99: 81 }, "closed-loop creates p99 / p50 (c=16)"],
    ["event loop", { eventLoopP99Ms: 20.1 }, "event-loop delay p99 during creates (c=16), ms"],
    ["failures", { failures: 1 }, "errors, timeouts, non-2xx, 5xx"],
  ];
  it.each(past)("misses the %s target just past its bound, and only that one", (_, change, figure) => {
    const result = verdicts({ ...meeting, ...change });
    expect(result[figure]).toBe("missed");
    expect(Object.values(result).filter((v) => v === "missed")).toHaveLength(1);
  });

  const missing: [string, Partial<ApiFigures>, string][] = [
    ["no create CPU", { createCpuMs: null }, "app CPU per create / per no-op request"],
    ["no no-op CPU", { floorCpuMs: null }, "app CPU per create / per no-op request"],
    ["a no-op CPU of 0", { floorCpuMs: 0 }, "app CPU per create / per no-op request"],
    ["no no-op rate", { floorPerSecond: 0 }, "creates/s / no-op req/s (c=16)"],
    ["a p50 of 0", { createsP50: 0 }, "closed-loop creates p99 / p50 (c=16)"],
    ["no event-loop figures", { eventLoopP99Ms: null }, "event-loop delay p99 during creates (c=16), ms"],
  ];
  it.each(missing)("says 'not measured' rather than met with %s", (_, change, figure) => {
    expect(verdicts({ ...meeting, ...change })[figure]).toBe("not measured");
  });

  const openLoop: [string, number, { rate: number; p50: number; p99: number } | null, Verdict][] = [
    ["at the bound", 1, { rate: 200, p50: 8, p99: 50 }, "met"],
    ["just past it", 1, { rate: 200, p50: 8, p99: 50.1 }, "missed"],
    ["without the default count's run", 4, null, "not measured"],
  ];
  it.each(openLoop)("reads open-loop p99 at the default worker count: %s", (_, workers, run, verdict) => {
    const line = openLoopTarget(workers, run);
    expect(line.verdict).toBe(verdict);
    expect(line.figure).toContain(`${workers} worker(s) (the default)`);
  });

  it("names the open-loop run's rate and p50", () => {
    expect(openLoopTarget(1, { rate: 61, p50: 40, p99: 180 })).toEqual({
      figure: "open-loop creates p99 at 61.0/s, 1 worker(s) (the default), ms",
      value: "180.0 (p50 40.0)",
      target: "<= 50",
      verdict: "missed",
    });
  });

  it("wants creates through PgBouncer within 15% of the direct connection's", () => {
    expect(pooledTarget(200, 170).verdict).toBe("met");
    expect(pooledTarget(200, 169).verdict).toBe("missed");
    expect(pooledTarget(null, 170).verdict).toBe("not measured");
    expect(pooledTarget(200, null).verdict).toBe("not measured");
  });

  const cpu = { runner: 0.25, receiver: 0.35, postgres: 0.4 }; // 1 ms a delivery: 2,000/s on two cores
  const callbacks = (change: Partial<CallbackTargetFigures>) =>
    Object.fromEntries(
      callbackTargets({ deliveriesPerSecond: 1600, cpuMsPerDelivery: cpu, postShare: 0.6, cores: 2, ...change }).map(
        (l) => [l.figure, l.verdict],
      ),
    );
  const CAPACITY = "deliveries/s / what their CPU allows";
  const POST = "the POST's share of a sender's cycle";
  const RUNNER = "runner CPU per delivery, ms";
  const callbackCases: [string, Partial<CallbackTargetFigures>, Record<string, Verdict>][] = [
    ["every bound met exactly", {}, { [CAPACITY]: "met", [POST]: "met", [RUNNER]: "met" }],
    ["deliveries/s just under 80%", { deliveriesPerSecond: 1599 }, { [CAPACITY]: "missed" }],
    ["more cores allow more", { cores: 4 }, { [CAPACITY]: "missed" }],
    [
      "a runner past 0.25 ms, which also lowers what is allowed",
      { cpuMsPerDelivery: { ...cpu, runner: 0.26 } },
      { [CAPACITY]: "met", [RUNNER]: "missed" },
    ],
    ["a POST just under 60%", { postShare: 0.59 }, { [POST]: "missed" }],
    ["no deliveries/s", { deliveriesPerSecond: null }, { [CAPACITY]: "not measured" }],
    [
      "no CPU figures",
      { cpuMsPerDelivery: null },
      { [CAPACITY]: "not measured", [RUNNER]: "not measured", [POST]: "met" },
    ],
    ["CPU figures of 0", { cpuMsPerDelivery: { runner: 0, receiver: 0, postgres: 0 } }, { [CAPACITY]: "not measured" }],
    ["no sender timings", { postShare: null }, { [POST]: "not measured" }],
  ];
  it.each(callbackCases)("callbacks at 16 senders: %s", (_, change, expected) => {
    expect(callbacks(change)).toMatchObject(expected);
  });

  it("shows what the CPU per delivery allows beside deliveries/s", () => {
    const [capacity] = callbackTargets({ deliveriesPerSecond: 1302, cpuMsPerDelivery: cpu, postShare: 0.5, cores: 2 });
    expect(capacity!.value).toBe("0.65 (1302.0 / 2000.0: 2000 ms ÷ 1.000 ms)");
  });

  const shares: [string, Parameters<typeof postShareOf>[0], number | null][] = [
    ["the bench's own post_share", { cycle: 10, post: 5, post_share: 0.7 }, 0.7],
    ["POST over cycle without it", { cycle: 10, post: 6 }, 0.6],
    ["a cycle of 0", { cycle: 0, post: 0 }, null],
    ["no sender timings", undefined, null],
  ];
  it.each(shares)("takes the POST's share from %s", (_, sender, share) => {
    expect(postShareOf(sender)).toBe(share);
  });

  it("holds each scale figure within 2x of its figure at 0, sub-millisecond timings aside", () => {
    expect(scaleTarget(88.4, 100.5, true)).toEqual({ slowdown: 88.4 / 100.5, verdict: "met" });
    expect(scaleTarget(100, 49, true).verdict).toBe("missed");
    expect(scaleTarget(22.6, 57.4, false).verdict).toBe("missed");
    expect(scaleTarget(21.2, 42.2, false).verdict).toBe("met");
    expect(scaleTarget(0.3, 0.9, false).verdict).toBe("met");
    expect(scaleTarget(0, 0, false).verdict).toBe("not measured");
  });

  it("wants each ledger read under 300 ms, and says so with the slowest sample beside the median", () => {
    expect(ledgerReadTarget("daily statement", 299.9, 410)).toEqual({
      figure: "daily statement, ms",
      value: "299.9 (max 410.0)",
      target: "< 300",
      verdict: "met",
    });
    expect(ledgerReadTarget("balance", 300).verdict).toBe("missed");
    expect(ledgerReadTarget("balance", null).verdict).toBe("not measured");
  });
});
