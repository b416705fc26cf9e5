import { afterEach, describe, expect, it, vi } from "vitest";

async function load(value: string | undefined) {
  vi.resetModules();
  vi.stubEnv("BENCH_PHASES", value);
  return import("./bench-window");
}

afterEach(() => vi.unstubAllEnvs());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the bench's window on the server", () => {
  it("is nothing unless the server was started with BENCH_PHASES=1", async () => {
    const { takeBenchWindow, startBenchProbes } = await load(undefined);
    startBenchProbes();
    expect(takeBenchWindow()).toBeNull();
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("pis.bench-window")]).toBeUndefined();
  });

  it("reports a blocked event loop and GC pauses of its window only", async () => {
    const { takeBenchWindow, startBenchProbes } = await load("1");
    startBenchProbes();
    takeBenchWindow();
    // 300 ms of a 10 ms interval: enough ticks even when this process waits for a core most of the time.
    await sleep(300);
    const idle = takeBenchWindow()!;
    // An idle loop: its timer ran about on time (what the histogram reads past the 10 ms interval), far
    // below the blocked window's; the bound leaves room for a machine busy with other tests.
    expect(idle.eventLoopDelayMs.samples).toBeGreaterThan(3);
    expect(idle.eventLoopDelayMs.p50).toBeLessThan(30);

    // The histogram's first interval after a reset only starts the clock: let it tick before blocking.
    await sleep(30);
    // Block for 80 ms of the clock and 100 ms of CPU: on a loaded machine the clock alone can pass while
    // this process waits for a core.
    const until = performance.now() + 80;
    const cpuAtStart = process.cpuUsage();
    const cpuSpent = () => (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpuAtStart));
    let garbage: number[][] = [];
    while (performance.now() < until || cpuSpent() < 100)
      garbage = [...garbage.slice(-1000), Array.from({ length: 100 }, (_, i) => i)];
    await sleep(50);
    const blocked = takeBenchWindow()!;
    expect(blocked.eventLoopDelayMs.max).toBeGreaterThanOrEqual(60);
    expect(blocked.gc.minor?.count).toBeGreaterThan(0);
    expect(blocked.seconds).toBeGreaterThan(0.1);
    expect(blocked.cpuMs).toBeGreaterThanOrEqual(60);
    // The busy loop ran on the main thread (counted in 10 ms ticks).
    expect(blocked.threadsMs!.main).toBeGreaterThanOrEqual(50);
    expect(blocked.threadsMs!.main + blocked.threadsMs!.other).toBeLessThanOrEqual(blocked.cpuMs + 30);
    expect(garbage.length).toBeGreaterThan(0);
  });
});
