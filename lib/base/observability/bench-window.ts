import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { constants, monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram } from "node:perf_hooks";
import { requestPhasesEnabled, takeRouteFigures, type RouteFigures } from "./request-phases";

/**
 * What the bench reads from the server around each of its load runs (GET /api/metrics?window=bench, with
 * BENCH_PHASES=1): the event loop's delay, garbage collection by kind and the requests' phases since the
 * previous read. prom-client's default metrics have neither in a usable form: its event-loop histogram is
 * reset by whoever scrapes, and its GC observer keeps only the first entry of each batch it is handed.
 */
export type BenchWindow = {
  seconds: number;
  /** The process's CPU in the window (all its threads: the main one, GC helpers, libuv's pool). */
  cpuMs: number;
  /**
   * The same split by thread (Linux, from /proc, in 10 ms ticks): the main thread, which runs JavaScript and
   * blocks the event loop, and the others (V8's GC and compiler threads, libuv's pool), which do not.
   */
  threadsMs: { main: number; other: number } | null;
  /** Sampled every EVENT_LOOP_RESOLUTION_MS: how late a timer due then ran (0 on an idle loop). */
  eventLoopDelayMs: { p50: number; p99: number; max: number; mean: number; samples: number };
  /** Pause time and count by kind (minor, major, incremental, weakcb). */
  gc: Record<string, { count: number; ms: number }>;
  routes: Record<string, RouteFigures>;
};

export const EVENT_LOOP_RESOLUTION_MS = 10;

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb",
};

type ThreadTicks = { main: number; other: number };
type Probes = {
  delay: IntervalHistogram;
  gc: BenchWindow["gc"];
  startedAt: number;
  cpuAt: NodeJS.CpuUsage;
  ticksAt: ThreadTicks | null;
};

let msPerTick: number | undefined;

/** CPU ticks so far of this process's main thread and of all its other threads; null off Linux. */
function threadTicks(): ThreadTicks | null {
  try {
    const ticks = { main: 0, other: 0 };
    for (const tid of readdirSync("/proc/self/task")) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      // The thread's name is in parentheses and may hold spaces: utime and stime are the 12th and 13th fields after it.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks[Number(tid) === process.pid ? "main" : "other"] += Number(fields[11]) + Number(fields[12]);
    }
    return ticks;
  } catch {
    return null;
  }
}

function threadsMsSince(from: ThreadTicks | null, to: ThreadTicks | null): BenchWindow["threadsMs"] {
  if (!from || !to) return null;
  msPerTick ??= 1000 / (Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100);
  return { main: (to.main - from.main) * msPerTick, other: (to.other - from.other) * msPerTick };
}

// One set per process, whichever module instance asks first (scripts/server.ts or the metrics route's bundle).
const key = Symbol.for("pis.bench-window");
const holder = globalThis as { [key]?: Probes };

function startProbes(): Probes {
  const delay = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  delay.enable();
  const probes: Probes = {
    delay,
    gc: {},
    startedAt: performance.now(),
    cpuAt: process.cpuUsage(),
    ticksAt: threadTicks(),
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1] ?? "other";
      const figures = (probes.gc[kind] ??= { count: 0, ms: 0 });
      figures.count++;
      figures.ms += entry.duration;
    }
  }).observe({ entryTypes: ["gc"] });
  return probes;
}

/** Starts the probes when the bench asked for them (BENCH_PHASES=1); otherwise does nothing. */
export function startBenchProbes(): void {
  if (requestPhasesEnabled()) holder[key] ??= startProbes();
}

/**
 * The histogram records the whole interval between its timer's runs, so an idle loop reads the resolution
 * itself (10 ms): the delay is what exceeds it.
 */
const delayMs = (nanoseconds: number) =>
  Math.max(0, Math.round((nanoseconds / 1e6 - EVENT_LOOP_RESOLUTION_MS) * 100) / 100);

/** The figures since the previous call (or since the probes started), and a new window from now; null when off. */
export function takeBenchWindow(): BenchWindow | null {
  if (!requestPhasesEnabled()) return null;
  const probes = (holder[key] ??= startProbes());
  const cpu = process.cpuUsage(probes.cpuAt);
  const ticks = threadTicks();
  const { delay } = probes;
  const window: BenchWindow = {
    seconds: Math.round(performance.now() - probes.startedAt) / 1000,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    threadsMs: threadsMsSince(probes.ticksAt, ticks),
    eventLoopDelayMs: {
      p50: delayMs(delay.percentile(50)),
      p99: delayMs(delay.percentile(99)),
      max: delayMs(delay.max),
      mean: delayMs(delay.mean),
      samples: delay.count,
    },
    gc: Object.fromEntries(
      Object.entries(probes.gc).map(([kind, f]) => [kind, { count: f.count, ms: Math.round(f.ms * 100) / 100 }]),
    ),
    routes: takeRouteFigures(),
  };
  delay.reset();
  Object.assign(probes, { gc: {}, startedAt: performance.now(), cpuAt: process.cpuUsage(), ticksAt: ticks });
  return window;
}
