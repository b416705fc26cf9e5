import { availableParallelism, loadavg } from "node:os";
import { readFileSync } from "node:fs";
import { treeCpu, TICKS_PER_SECOND } from "./process-cpu";
import type { TargetLine } from "./targets";

/**
 * The machine around one section of the bench. The 1-minute load average is printed before it and sampled
 * during it, but it counts the bench's own processes too: on two cores the server, PostgreSQL and the load
 * generator alone hold it near 3, so it cannot tell a quiet machine from a busy one. What decides is the other
 * work: the machine's busy CPU time (/proc/stat, the host's steal included) less what the bench's own process
 * tree spent (this process, the servers, PostgreSQL, PgBouncer and the generators, reaped children included),
 * in cores, over the whole section and over its busiest 5-second window.
 */
export type SectionLoad = {
  before: number;
  max: number;
  cores: number;
  /** Cores of CPU the machine spent on other work than the bench's, on average over the section. */
  others: number;
  /** ... and in the section's busiest 5-second window. */
  othersPeak: number;
};

/** Other work above which a section's figures are the machine's as much as the service's. */
export const OTHERS_MEAN_SHARE = 0.05;
export const OTHERS_PEAK_SHARE = 0.15;
const WINDOW_S = 5;

/**
 * Busy CPU milliseconds of the whole machine so far: user, nice, system and the host's steal. Interrupts are left
 * out: the loopback traffic between the bench's own processes is handled there and is charged to no process.
 */
export function machineBusyMs(): number {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const [user, nice, system, , , , , steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return ((user! + nice! + system! + (steal ?? 0)) * 1000) / TICKS_PER_SECOND;
}

type Sample = { at: number; othersMs: number };

function otherMsSoFar(): number {
  return machineBusyMs() - treeCpu(process.pid, { reaped: "all" }).cpuMs;
}

export async function watchLoad<T>(section: string, run: () => Promise<T> | T): Promise<[T, SectionLoad]> {
  const cores = availableParallelism();
  const before = loadavg()[0]!;
  console.log(`\n[load] before ${section}: 1-minute load average ${before.toFixed(2)} on ${cores} cores`);
  let max = before;
  const samples: Sample[] = [{ at: performance.now(), othersMs: otherMsSoFar() }];
  const sample = () => {
    max = Math.max(max, loadavg()[0]!);
    samples.push({ at: performance.now(), othersMs: otherMsSoFar() });
  };
  const timer = setInterval(sample, 1000);
  try {
    const result = await run();
    sample();
    return [result, { before, max, cores, ...othersOf(samples) }];
  } finally {
    clearInterval(timer);
  }
}

/** Other work in cores from cumulative samples: over all of them, and over the busiest window of WINDOW_S. */
export function othersOf(samples: Sample[]): { others: number; othersPeak: number } {
  const rate = (a: Sample, b: Sample) => Math.max(0, (b.othersMs - a.othersMs) / Math.max(1, b.at - a.at));
  const mean = rate(samples[0]!, samples.at(-1)!);
  let peak: number | null = null;
  for (let i = 0; i < samples.length; i++) {
    const end = samples.findIndex((s, j) => j > i && s.at - samples[i]!.at >= WINDOW_S * 1000);
    if (end > 0) peak = Math.max(peak ?? 0, rate(samples[i]!, samples[end]!));
  }
  const round = (n: number) => Number(n.toFixed(2));
  // A section shorter than the window has only its mean.
  return { others: round(mean), othersPeak: round(peak ?? mean) };
}

/**
 * Whether other work took more than a twentieth of the machine over the section, or 15% in one 5-s window. On the
 * two-core machine of docs/performance.md quiet runs saw 0.01-0.05 cores on average (0.05-0.12 at most), and a run
 * beside 0.14 cores of other work (0.37 at most) already served the no-op route at half its rate.
 */
export const busy = (load: SectionLoad | undefined): boolean =>
  load !== undefined &&
  (load.others > OTHERS_MEAN_SHARE * load.cores || load.othersPeak > OTHERS_PEAK_SHARE * load.cores);

/** The section's target lines, with "met" turned into "not measured" when the machine was busy during it. */
export function gateByLoad(lines: TargetLine[], load: SectionLoad | undefined): TargetLine[] {
  if (!busy(load)) return lines;
  return lines.map((l) =>
    l.verdict === "met"
      ? { ...l, verdict: "not measured", value: `${l.value} (other work ${load!.others.toFixed(2)} cores)` }
      : l,
  );
}

export function loadNote(load: SectionLoad | undefined): string {
  if (!load) return "";
  const said =
    `other work ${load.others.toFixed(2)} cores on average, ${load.othersPeak.toFixed(2)} at most over 5 s; ` +
    `load average ${load.before.toFixed(2)} before, at most ${load.max.toFixed(2)} during, ${load.cores} cores`;
  return busy(load) ? `  (${said}: the machine was not quiet, so no target below counts as met)` : `  (${said})`;
}
