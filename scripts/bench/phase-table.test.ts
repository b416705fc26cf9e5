import { describe, expect, it } from "vitest";
import type { RouteFigures } from "../../lib/base/observability/request-phases";
import { NEXT_PIPELINE, phaseTable, UNMEASURED_IN_HANDLER } from "./phase-table";

const deposit: RouteFigures = {
  requests: 4,
  alone: 2,
  wallMs: {
    body: 0.4,
    validation: 0.8,
    "auth query": 8,
    "auth decrypt": 0.4,
    "auth hash": 0.2,
    "rate limit": 6,
    "create statement": 12,
    response: 0.6,
    handler: 30,
    "log line": 0.8,
    "request metrics": 0.4,
    total: 40,
  },
  cpuMs: {
    body: 0.2,
    validation: 0.4,
    "auth query": 1,
    "auth decrypt": 0.2,
    "auth hash": 0.1,
    "rate limit": 0.8,
    "create statement": 1.4,
    response: 0.3,
    handler: 5,
    "log line": 0.4,
    "request metrics": 0.2,
    total: 8,
  },
};
const withdrawal: RouteFigures = {
  requests: 4,
  alone: 0,
  wallMs: { handler: 10, total: 16, "create statement": 2 },
  cpuMs: {},
};
const metricsRead: RouteFigures = { requests: 1, alone: 1, wallMs: { total: 500 }, cpuMs: { total: 500 } };

const row = (table: ReturnType<typeof phaseTable>, phase: string) => table.rows.find((r) => r.phase === phase)!;

describe("a create's time by phase", () => {
  const table = phaseTable(
    {
      "/api/provider/start-manual-deposit": deposit,
      "/api/provider/start-manual-withdraw": withdrawal,
      "/api/metrics": metricsRead,
    },
    (route) => route !== "/api/metrics",
  );

  it("sums the routes asked for and gives per-request means: wall over all requests, CPU over the lone ones", () => {
    expect(table.requests).toBe(8);
    expect(table.alone).toBe(2);
    expect(row(table, "create statement")).toEqual({ phase: "create statement", wallMs: 14 / 8, cpuMs: 0.7 });
    expect(row(table, "total")).toEqual({ phase: "total", wallMs: 56 / 8, cpuMs: 4 });
  });

  it("names what no phase covers: inside the wrapper, and Next's pipeline around it", () => {
    // Wall: phases inside the handler sum to 28.4 + 2; the handler spans 40; total 56; after the response 1.2.
    expect(row(table, UNMEASURED_IN_HANDLER).wallMs).toBeCloseTo((40 - 30.4) / 8, 9);
    expect(row(table, NEXT_PIPELINE).wallMs).toBeCloseTo((56 - 40 - 1.2) / 8, 9);
    expect(row(table, UNMEASURED_IN_HANDLER).cpuMs).toBeCloseTo((5 - 4.4) / 2, 9);
    expect(row(table, NEXT_PIPELINE).cpuMs).toBeCloseTo((8 - 5 - 0.6) / 2, 9);
    // Every row but the total adds up to the total.
    const parts = table.rows.filter((r) => r.phase !== "total").reduce((sum, r) => sum + r.wallMs!, 0);
    expect(parts).toBeCloseTo(row(table, "total").wallMs!, 2);
  });

  it("takes a route without the wrapper (the no-op route) as its phases alone, and has no CPU without lone requests", () => {
    const health = phaseTable(
      { "/api/health": { requests: 2, alone: 0, wallMs: { response: 0.2, "log line": 0.2, total: 2 }, cpuMs: {} } },
      () => true,
    );
    expect(row(health, UNMEASURED_IN_HANDLER).wallMs).toBe(0);
    expect(row(health, NEXT_PIPELINE).wallMs).toBeCloseTo(0.8, 9);
    expect(row(health, "total").cpuMs).toBeNull();
  });
});
