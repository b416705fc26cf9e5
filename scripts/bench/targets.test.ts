import { describe, expect, it } from "vitest";
import { apiTargets, callbackTarget, ledgerReadTarget, pooledTarget, scaleTarget, type ApiFigures } from "./targets";

/** The landed build's figures from issue #29 (one run): every API target missed. */
const landed: ApiFigures = {
  createCpuMs: 6.3,
  floorCpuMs: 1.2,
  createsPerSecond: 122,
  floorPerSecond: 637,
  createsP50: 64,
  createsP99: 470,
  eventLoopP99Ms: 61,
  openLoop: { rate: 61, p50: 40, p99: 180 },
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
  openLoop: { rate: 200, p50: 8, p99: 50 },
  failures: 0,
};

const verdicts = (f: ApiFigures) =>
  Object.fromEntries(apiTargets(f).map((l) => [l.figure.replace(/ at [\d.]+\/s/, ""), l.verdict]));

describe("the bench's targets", () => {
  it("misses every API target on the landed build's figures, and says by how much", () => {
    const lines = apiTargets(landed);
    expect(lines.filter((l) => l.verdict === "missed").map((l) => l.figure)).toEqual([
      "app CPU per create, ms",
      "app CPU per create / per no-op request",
      "creates/s / no-op req/s (c=16)",
      "open-loop creates p99 at 61.0/s, ms",
      "closed-loop creates p99 / p50 (c=16)",
      "event-loop delay p99 during creates (c=16), ms",
    ]);
    const byFigure = Object.fromEntries(lines.map((l) => [l.figure, l.value]));
    expect(byFigure["app CPU per create / per no-op request"]).toBe("5.25 (6.30 / 1.20 ms)");
    expect(byFigure["creates/s / no-op req/s (c=16)"]).toBe("0.19 (122.0 / 637.0)");
    expect(byFigure["closed-loop creates p99 / p50 (c=16)"]).toBe("7.34 (470 / 64 ms)");
    expect(byFigure["errors, timeouts, non-2xx, 5xx"]).toBe("0");
  });

  it("meets each target at its bound exactly", () => {
    expect(Object.values(verdicts(meeting))).toEqual(Array(7).fill("met"));
  });

  it("misses each target just past its bound", () => {
    const past: [Partial<ApiFigures>, string][] = [
      [{ createCpuMs: 2.51, floorCpuMs: 1.3 }, "app CPU per create, ms"],
      [{ floorCpuMs: 1.24 }, "app CPU per create / per no-op request"],
      [{ createsPerSecond: 399 }, "creates/s / no-op req/s (c=16)"],
      [{ openLoop: { rate: 200, p50: 8, p99: 50.1 } }, "open-loop creates p99, ms"],
      [{ createsP99: 81 }, "closed-loop creates p99 / p50 (c=16)"],
      [{ eventLoopP99Ms: 20.1 }, "event-loop delay p99 during creates (c=16), ms"],
      [{ failures: 1 }, "errors, timeouts, non-2xx, 5xx"],
    ];
    for (const [change, figure] of past) {
      const result = verdicts({ ...meeting, ...change });
      expect(result[figure], figure).toBe("missed");
      expect(
        Object.values(result).filter((v) => v === "missed"),
        figure,
      ).toHaveLength(1);
    }
  });

  it("says 'not measured' rather than met when a figure is missing", () => {
    const result = verdicts({ ...meeting, createCpuMs: null, eventLoopP99Ms: null, openLoop: null });
    expect(result["app CPU per create, ms"]).toBe("not measured");
    expect(result["app CPU per create / per no-op request"]).toBe("not measured");
    expect(result["event-loop delay p99 during creates (c=16), ms"]).toBe("not measured");
    expect(result["open-loop creates p99, ms"]).toBe("not measured");
  });

  it("wants creates through PgBouncer within 15% of the direct connection's", () => {
    expect(pooledTarget(200, 170).verdict).toBe("met");
    expect(pooledTarget(200, 169).verdict).toBe("missed");
    expect(pooledTarget(null, 170).verdict).toBe("not measured");
    expect(pooledTarget(200, null).verdict).toBe("not measured");
  });

  it("wants 3,000 callback deliveries a second", () => {
    expect(callbackTarget(1302).verdict).toBe("missed");
    expect(callbackTarget(3000).verdict).toBe("met");
    expect(callbackTarget(null).verdict).toBe("not measured");
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
