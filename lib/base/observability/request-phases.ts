import { currentRequestContext } from "./request-context";
import { config } from "@/lib/base/config/env";

/**
 * Where a request's time goes, by phase, for `npm run bench` (docs/performance.md). Off unless the server
 * starts with BENCH_PHASES=1; off, every function here returns at its first line, and nothing is kept.
 *
 * A phase's wall time is measured always. Its CPU time counts for a request that was alone in the process
 * from its start to its end: a phase that awaits reads process.cpuUsage (the whole process's, so the CPU of
 * requests interleaved at its awaits would otherwise count as its own) once its synchronous part has run,
 * and adds that part's time; a phase that runs synchronously cannot be interleaved, so its time on the
 * main thread is its CPU and nothing is read (a read is a system call). The bench gets lone requests from a
 * run at concurrency 1. The phases never nest, except "handler", the span of the route's wrapper, which
 * holds the others measured inside the route; the bench derives the rest from it (scripts/bench/phase-table.ts).
 */
export type PhaseName =
  | "body"
  | "validation"
  | "auth query"
  | "auth decrypt"
  | "auth hash"
  | "rate limit"
  | "create statement"
  | "response"
  | "handler"
  | "log line"
  | "request metrics";

/** What one request spent so far, in milliseconds by phase; "total" is the whole request. */
export type RequestPhases = {
  wallStart: number;
  cpuStart: NodeJS.CpuUsage | null;
  /** The number of requests started before this one; if more started by its end, it was not alone. */
  sequence: number;
  alone: boolean;
  wall: Partial<Record<PhaseName, number>>;
  cpu: Partial<Record<PhaseName, number>>;
};

/** A route's requests in one window: counts and the sums of their phases (CPU from the lone requests only). */
export type RouteFigures = {
  requests: number;
  alone: number;
  wallMs: Record<string, number>;
  cpuMs: Record<string, number>;
};

// Read on first use, not when the module loads: the server imports it before it reads its configuration.
let on: boolean | undefined;
const enabled = (): boolean => (on ??= config().BENCH_PHASES === "1");

export const requestPhasesEnabled = (): boolean => enabled();

// scripts/server.ts (which starts and ends requests) and the route bundles (which time the phases) are
// separate module instances in one process: the counts and the window live on globalThis.
type Tally = { started: number; inFlight: number; routes: Map<string, RouteFigures> };
const key = Symbol.for("pis.request-phases");
const holder = globalThis as { [key]?: Tally };
export const phaseTally = (): Tally => (holder[key] ??= { started: 0, inFlight: 0, routes: new Map() });

const cpuMsSince = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** Called when the server receives a request; undefined when off. */
export function beginRequestPhases(): RequestPhases | undefined {
  if (!enabled()) return undefined;
  const tally = phaseTally();
  const alone = tally.inFlight === 0;
  tally.inFlight++;
  return {
    wallStart: performance.now(),
    cpuStart: alone ? process.cpuUsage() : null,
    sequence: ++tally.started,
    alone,
    wall: {},
    cpu: {},
  };
}

function add(sums: Record<string, number>, from: Partial<Record<PhaseName, number>>, total: number): void {
  for (const [name, ms] of Object.entries(from)) sums[name] = (sums[name] ?? 0) + ms;
  sums.total = (sums.total ?? 0) + total;
}

/** Called when the response is closed: the request's phases are added to its route's sums. */
export function endRequestPhases(phases: RequestPhases | undefined, route: string): void {
  if (!phases) return;
  const tally = phaseTally();
  tally.inFlight--;
  const alone = phases.alone && tally.started === phases.sequence && phases.cpuStart !== null;
  let figures = tally.routes.get(route);
  if (!figures) tally.routes.set(route, (figures = { requests: 0, alone: 0, wallMs: {}, cpuMs: {} }));
  figures.requests++;
  add(figures.wallMs, phases.wall, performance.now() - phases.wallStart);
  if (alone) {
    figures.alone++;
    add(figures.cpuMs, phases.cpu, cpuMsSince(phases.cpuStart!));
  }
}

/** The routes' figures since the last call, and a new window from now. */
export function takeRouteFigures(): Record<string, RouteFigures> {
  const tally = phaseTally();
  const figures = Object.fromEntries(tally.routes);
  tally.routes = new Map();
  return figures;
}

function recordSync(phases: RequestPhases, name: PhaseName, wallStart: number): void {
  const ms = performance.now() - wallStart;
  phases.wall[name] = (phases.wall[name] ?? 0) + ms;
  phases.cpu[name] = (phases.cpu[name] ?? 0) + ms;
}

function recordAwaited(
  phases: RequestPhases,
  name: PhaseName,
  wallStart: number,
  syncMs: number,
  cpuStart: NodeJS.CpuUsage | null,
): void {
  phases.wall[name] = (phases.wall[name] ?? 0) + performance.now() - wallStart;
  if (cpuStart) phases.cpu[name] = (phases.cpu[name] ?? 0) + syncMs + cpuMsSince(cpuStart);
}

/** `work` timed as phase `name` of the given request (sync or async; a throw is timed too). */
export function timePhaseOf<T>(phases: RequestPhases | undefined, name: PhaseName, work: () => T): T {
  if (!phases) return work();
  const wallStart = performance.now();
  let result: T;
  try {
    result = work();
  } catch (error) {
    recordSync(phases, name, wallStart);
    throw error;
  }
  // Any thenable: Prisma's queries are lazy PrismaPromises, not Promise instances, and run once awaited.
  if (typeof (result as { then?: unknown } | null)?.then === "function") {
    const syncMs = performance.now() - wallStart;
    // CPU only while the request may still turn out to have been alone: a second request in flight rules it out.
    const cpuStart = phases.alone && phaseTally().inFlight === 1 ? process.cpuUsage() : null;
    return Promise.resolve(result).finally(() => recordAwaited(phases, name, wallStart, syncMs, cpuStart)) as T;
  }
  recordSync(phases, name, wallStart);
  return result;
}

/** `work` timed as phase `name` of the request being handled (found through its request context). */
export function timePhase<T>(name: PhaseName, work: () => T): T {
  if (!enabled()) return work();
  return timePhaseOf(currentRequestContext()?.phases, name, work);
}
