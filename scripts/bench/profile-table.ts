/**
 * A create's CPU by group, from a CPU profile of the server taken in a short run of its own (scripts/bench/
 * create-profiles.ts) and the measured run at the same concurrency: pure, so the arithmetic is tested apart from
 * the machine (profile-table.test.ts).
 *
 * The profile samples the main thread only (where JavaScript runs; V8's "(garbage collector)" entries are the GC
 * pauses on it), only its on-time samples count (one interval each; a late one marks where the thread stood
 * when it got a core back, not where it spent CPU: scripts/bench/profile-top.ts, SampleWeight), and the profiler's
 * own cost slows the run. So the profile gives shares, and the measured run gives the milliseconds: each group's
 * share of the on-time busy samples (idle left out)
 * times the measured run's main-thread CPU per create, and one row for the process's other threads (V8's GC
 * helpers and compiler, libuv's pool) from the same run. The rows then sum to the measured app CPU per create. Without the thread split (off Linux) the
 * shares are of the whole app CPU; without a measured run the rows are the profile's own sampled ms per create,
 * and the table says so.
 */
import type { BenchWindow } from "../../lib/base/observability/bench-window";

export type ProfiledFunction = { name: string; group: string; where: string; ms: number };

/** What the bench keeps of one profiled run (bench/results/bench-*.json): on-time samples x interval, idle apart. */
export type CreateProfile = {
  workers: number;
  concurrency: number;
  seconds: number;
  /** Creates answered in the profiled run. */
  creates: number;
  intervalUs: number;
  /** The on-time busy samples x the interval: the base of the shares, less than the thread's CPU. */
  sampledMs: number;
  idleMs: number;
  /** Samples left out as late (they carry a wait for a core). */
  lateSamples: number;
  groups: { group: string; ms: number }[];
  top: ProfiledFunction[];
  /** The raw profile, for Chrome DevTools (bench/results/*.cpuprofile). */
  file?: string;
};

/** The measured run's figures the scaling needs (a Result of scripts/bench/report.ts). */
export type MeasuredRun = { total: number; cpuMsPerRequest?: number; server?: Pick<BenchWindow, "threadsMs"> | null };

export const OTHER_THREADS = "other threads (GC helpers, compiler, libuv pool)";

export type ProfileRow = { group: string; share: number | null; msPerCreate: number };
export type ScaledProfile = {
  /** "measured": rows sum to the measured run's app CPU per create; "sampled": the profile's own ms per create. */
  basis: "measured" | "sampled";
  appCpuMsPerCreate: number | null;
  rows: ProfileRow[];
  top: (ProfiledFunction & { msPerCreate: number })[];
};

export function scaleProfile(profile: CreateProfile, measured: MeasuredRun | undefined): ScaledProfile {
  const app = measured?.cpuMsPerRequest;
  const threads = measured?.server?.threadsMs;
  const threadTotal = threads ? threads.main + threads.other : 0;
  const mainShare = threads && threadTotal > 0 ? threads.main / threadTotal : 1;
  const measuredBasis = app !== undefined && measured!.total > 0 && profile.sampledMs > 0;
  // Milliseconds of a create's CPU per sampled millisecond.
  const perSampledMs = measuredBasis
    ? (app * mainShare) / profile.sampledMs
    : profile.creates > 0
      ? 1 / profile.creates
      : 0;
  const share = (ms: number) => (profile.sampledMs > 0 ? ms / profile.sampledMs : null);
  const rows: ProfileRow[] = profile.groups.map(({ group, ms }) => ({
    group,
    share: share(ms),
    msPerCreate: ms * perSampledMs,
  }));
  if (measuredBasis && mainShare < 1)
    rows.push({ group: OTHER_THREADS, share: null, msPerCreate: app * (1 - mainShare) });
  rows.sort((a, b) => b.msPerCreate - a.msPerCreate);
  return {
    basis: measuredBasis ? "measured" : "sampled",
    appCpuMsPerCreate: measuredBasis ? app : null,
    rows,
    top: profile.top.map((f) => ({ ...f, msPerCreate: f.ms * perSampledMs })),
  };
}

/** Groups as rows, one column per profile (in the order given), ordered by the last column's ms, then the others'. */
export function sideBySide(profiles: ScaledProfile[]): { group: string; cells: (ProfileRow | null)[] }[] {
  const groups = new Map<string, (ProfileRow | null)[]>();
  profiles.forEach((p, column) => {
    for (const row of p.rows) {
      const cells = groups.get(row.group) ?? profiles.map(() => null);
      cells[column] = row;
      groups.set(row.group, cells);
    }
  });
  const weight = (cells: (ProfileRow | null)[]) => [...cells].reverse().map((c) => c?.msPerCreate ?? 0);
  return [...groups.entries()]
    .map(([group, cells]) => ({ group, cells }))
    .sort((a, b) => {
      const [wa, wb] = [weight(a.cells), weight(b.cells)];
      const differs = wa.findIndex((v, i) => v !== wb[i]);
      return differs === -1 ? 0 : wb[differs]! - wa[differs]!;
    });
}
