import { afterEach, describe, expect, it, vi } from "vitest";

type Phases = typeof import("./request-phases");

/** The module as a server started with BENCH_PHASES=value loads it (the switch is read once, at load). */
async function load(value: string | undefined): Promise<Phases & typeof import("./request-context")> {
  vi.resetModules();
  vi.stubEnv("BENCH_PHASES", value);
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("pis.request-phases")];
  return { ...(await import("./request-phases")), ...(await import("./request-context")) };
}

afterEach(() => {
  vi.unstubAllEnvs();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("pis.request-phases")];
});

/**
 * Spends at least `ms` of this process's CPU and at least `ms` of wall time. On a loaded machine the two part
 * one way (CPU lags the clock), and the process's CPU counts its other threads too (GC, the test runner), so
 * it can also run ahead of the clock: waiting for both keeps each bound below true.
 */
const busy = (ms: number) => {
  const start = process.cpuUsage();
  const began = performance.now();
  for (;;) {
    const used = process.cpuUsage(start);
    if (used.user + used.system >= ms * 1000 && performance.now() - began >= ms) return;
  }
};

/** A lazy thenable like Prisma's queries: nothing runs until it is awaited. */
function lazyQuery(ms: number, log: string[]): PromiseLike<string> {
  return {
    then(resolve, reject) {
      log.push("started");
      return new Promise<string>((done) => setTimeout(() => done("row"), ms)).then(resolve, reject);
    },
  };
}

describe("request phases", () => {
  it("keep nothing and run the work as it is when the bench did not ask for them", async () => {
    const m = await load(undefined);
    expect(m.requestPhasesEnabled()).toBe(false);
    expect(m.beginRequestPhases()).toBeUndefined();
    expect(m.timePhase("validation", () => 42)).toBe(42);
    m.endRequestPhases(undefined, "/api/health");
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("pis.request-phases")]).toBeUndefined();
  });

  it("time a lone request's phases in wall and CPU time, a throw and a lazy query included", async () => {
    const m = await load("1");
    const phases = m.beginRequestPhases()!;
    const log: string[] = [];
    await m.runWithRequestContext({ requestId: "r-00000001", phases }, async () => {
      m.timePhase("validation", () => busy(5));
      expect(() =>
        m.timePhase(
          "auth hash",
          () => (
            busy(2),
            (() => {
              throw new Error("Invalid hash");
            })()
          ),
        ),
      ).toThrow("Invalid hash");
      const query = m.timePhase("auth query", () => lazyQuery(150, log));
      expect(await query).toBe("row");
    });
    expect(log).toEqual(["started"]);
    m.endRequestPhases(phases, "/api/provider/start-manual-deposit");
    const figures = m.takeRouteFigures()["/api/provider/start-manual-deposit"]!;
    expect(figures).toMatchObject({ requests: 1, alone: 1 });
    expect(figures.wallMs.validation).toBeGreaterThanOrEqual(5);
    expect(figures.wallMs["auth hash"]).toBeGreaterThanOrEqual(2);
    // The query's wall time spans its await; its CPU does not (the process sat idle while it waited).
    // (Compared with its own wall time, with a wide margin: the process's CPU counts its other threads too
    // (GC, the runner's channel), which on a loaded machine can spend tens of milliseconds during the wait.)
    expect(figures.wallMs["auth query"]).toBeGreaterThanOrEqual(149);
    expect(figures.cpuMs["auth query"]).toBeLessThan(figures.wallMs["auth query"]! / 2);
    expect(figures.cpuMs.validation).toBeGreaterThanOrEqual(5);
    expect(figures.wallMs.total).toBeGreaterThanOrEqual(figures.wallMs.validation! + figures.wallMs["auth query"]!);
    // A new window starts after each read.
    expect(m.takeRouteFigures()).toEqual({});
  });

  it("count no CPU for requests that overlapped another, from either side", async () => {
    const m = await load("1");
    const first = m.beginRequestPhases()!;
    const second = m.beginRequestPhases()!;
    m.timePhaseOf(first, "response", () => busy(1));
    m.endRequestPhases(second, "/r");
    m.endRequestPhases(first, "/r");
    const third = m.beginRequestPhases()!;
    m.timePhaseOf(third, "response", () => busy(1));
    m.endRequestPhases(third, "/r");
    const figures = m.takeRouteFigures()["/r"]!;
    expect(figures).toMatchObject({ requests: 3, alone: 1 });
    expect(figures.wallMs.response).toBeGreaterThanOrEqual(2);
    expect(figures.cpuMs.response).toBeLessThan(figures.wallMs.response!);
    expect(m.phaseTally().inFlight).toBe(0);
  });

  it("read the process's CPU only around work that awaits: a synchronous phase's time is its CPU", async () => {
    const m = await load("1");
    const phases = m.beginRequestPhases()!;
    const reads = vi.spyOn(process, "cpuUsage");
    // Spun on the clock here: busy() reads the CPU itself.
    const spin = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    m.timePhaseOf(phases, "validation", () => spin(2));
    m.timePhaseOf(phases, "auth hash", () => spin(1));
    expect(reads).not.toHaveBeenCalled();
    await m.timePhaseOf(phases, "auth query", () => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(reads).toHaveBeenCalledTimes(2);
    reads.mockRestore();
    m.endRequestPhases(phases, "/r");
    const figures = m.takeRouteFigures()["/r"]!;
    expect(figures.cpuMs.validation).toBe(figures.wallMs.validation);
    expect(figures.cpuMs.validation).toBeGreaterThanOrEqual(2);
  });

  it("time nothing outside a request's context", async () => {
    const m = await load("1");
    expect(m.timePhase("response", () => "plain")).toBe("plain");
    expect(m.takeRouteFigures()).toEqual({});
  });
});
