import { availableParallelism, loadavg } from "node:os";
import type { TargetLine } from "./targets";

/**
 * The machine's load around one section of the bench: the 1-minute load average before it and the highest
 * seen during it (sampled each second). A section run while the load average exceeded the core count measured
 * the machine's other work as much as the service, so none of its targets is reported as met.
 */
export type SectionLoad = { before: number; max: number; cores: number };

export async function watchLoad<T>(section: string, run: () => Promise<T> | T): Promise<[T, SectionLoad]> {
  const cores = availableParallelism();
  const before = loadavg()[0]!;
  console.log(`\n[load] before ${section}: 1-minute load average ${before.toFixed(2)} on ${cores} cores`);
  let max = before;
  const timer = setInterval(() => (max = Math.max(max, loadavg()[0]!)), 1000);
  try {
    const result = await run();
    max = Math.max(max, loadavg()[0]!);
    return [result, { before, max, cores }];
  } finally {
    clearInterval(timer);
  }
}

export const busy = (load: SectionLoad | undefined): boolean => load !== undefined && load.max > load.cores;

/** The section's target lines, with "met" turned into "not measured" when the machine was busy during it. */
export function gateByLoad(lines: TargetLine[], load: SectionLoad | undefined): TargetLine[] {
  if (!busy(load)) return lines;
  return lines.map((l) =>
    l.verdict === "met" ? { ...l, verdict: "not measured", value: `${l.value} (load ${load!.max.toFixed(1)})` } : l,
  );
}

export function loadNote(load: SectionLoad | undefined): string {
  if (!load) return "";
  const said = `load average ${load.before.toFixed(2)} before, at most ${load.max.toFixed(2)} during, ${load.cores} cores`;
  return busy(load) ? `  (${said}: busier than its cores, so no target below counts as met)` : `  (${said})`;
}
