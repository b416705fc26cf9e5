/**
 * A create's time by phase, from the server's figures for one load run (BenchWindow.routes, summed over the
 * routes asked for): the mean per request of each phase's wall time, and of its CPU time over the requests
 * that ran alone in the process. What no phase covers is named from the spans around it: inside the route's
 * wrapper ("handler"), our code between the phases; around it, Next's request pipeline and the server's own
 * wrapper (scripts/server.ts), which includes writing the response to the socket.
 */
import type { RouteFigures } from "../../lib/base/observability/request-phases";

export type PhaseRow = { phase: string; wallMs: number | null; cpuMs: number | null };
export type PhaseTable = { requests: number; alone: number; rows: PhaseRow[] };

/** The phases measured inside the route's wrapper, in the order a create passes them. */
const INSIDE = [
  "body",
  "validation",
  "auth query",
  "auth decrypt",
  "auth hash",
  "rate limit",
  "create statement",
  "response",
] as const;
/** Measured by the server after the response has been sent. */
const AFTER = ["log line", "request metrics"] as const;

export const UNMEASURED_IN_HANDLER = "handler, between the phases";
export const NEXT_PIPELINE = "Next pipeline and server wrapper";

function merge(figures: RouteFigures[]): RouteFigures {
  const sum: RouteFigures = { requests: 0, alone: 0, wallMs: {}, cpuMs: {} };
  for (const f of figures) {
    sum.requests += f.requests;
    sum.alone += f.alone;
    for (const [k, v] of Object.entries(f.wallMs)) sum.wallMs[k] = (sum.wallMs[k] ?? 0) + v;
    for (const [k, v] of Object.entries(f.cpuMs)) sum.cpuMs[k] = (sum.cpuMs[k] ?? 0) + v;
  }
  return sum;
}

/** Per-request means of one clock's sums, with the derived rows; null for every row when no request counted. */
function means(sums: Record<string, number>, count: number): Map<string, number | null> {
  const out = new Map<string, number | null>();
  const get = (name: string) => sums[name] ?? 0;
  const inside = INSIDE.reduce((total, name) => total + get(name), 0);
  // A route without the wrapper (the no-op route) has no handler span: its phases are all there is.
  const handler = sums.handler === undefined ? inside : get("handler");
  const after = AFTER.reduce((total, name) => total + get(name), 0);
  const derived: Record<string, number> = {
    ...Object.fromEntries([...INSIDE, ...AFTER].map((name) => [name, get(name)])),
    [UNMEASURED_IN_HANDLER]: handler - inside,
    [NEXT_PIPELINE]: get("total") - handler - after,
    total: get("total"),
  };
  for (const [name, value] of Object.entries(derived)) out.set(name, count > 0 ? value / count : null);
  return out;
}

/** The table for the routes `include` accepts (a run's requests, without the bench's own reads of the figures). */
export function phaseTable(routes: Record<string, RouteFigures>, include: (route: string) => boolean): PhaseTable {
  const figures = merge(
    Object.entries(routes)
      .filter(([route]) => include(route))
      .map(([, f]) => f),
  );
  const wall = means(figures.wallMs, figures.requests);
  const cpu = means(figures.cpuMs, figures.alone);
  const rows = [...wall.keys()].map((phase) => ({
    phase,
    wallMs: round(wall.get(phase)!),
    cpuMs: round(cpu.get(phase)!),
  }));
  return { requests: figures.requests, alone: figures.alone, rows };
}

const round = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);
