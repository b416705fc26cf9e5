/**
 * A CPU profile of the server (one worker, BENCH_PHASES=1) over a short run of creates of its own: the bench asks
 * the server to start profiling itself (GET /api/metrics?window=bench&profile=start, behind the metrics token;
 * lib/base/observability/bench-profile.ts), runs the creates, and takes the profile back on stop. Taken after the
 * measured runs, so the sampling's cost is in none of the figures the targets read; scripts/bench/profile-table.ts
 * scales it by the measured run at the same concurrency. The raw profile is kept beside the results for DevTools.
 */
import { writeFileSync } from "node:fs";
import { IDLE, summarise, type Profile } from "./profile-top";
import { sourceMapResolver, type SourceResolver } from "./profile-sources";
import type { CreateProfile } from "./profile-table";
import { BENCH_PROFILE_INTERVAL_US } from "../../lib/base/observability/bench-profile";

/** The functions kept by self time (the report prints them for the highest concurrency). */
const TOP_FUNCTIONS = 12;

async function askServer(baseUrl: string, token: string, action: "start" | "stop"): Promise<unknown> {
  const res = await fetch(`${baseUrl}/api/metrics?window=bench&profile=${action}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`/api/metrics?window=bench&profile=${action}: HTTP ${res.status}`);
  return res.json();
}

/** The profile without the samples of its own stop (the inspector's reply being built, after the run). */
function withoutStop(profile: Profile): Profile {
  const inspector = new Set(profile.nodes.filter((n) => n.callFrame.url === "node:inspector").map((n) => n.id));
  const kept = profile.samples.map((id) => !inspector.has(id));
  return {
    ...profile,
    samples: profile.samples.filter((_, i) => kept[i]),
    timeDeltas: profile.timeDeltas.filter((_, i) => kept[i]),
  };
}

/**
 * One profile per concurrency (one worker, the only one the token's route reaches), each of a `seconds` run of
 * creates of its own, written to bench/results/profile-<time>-creates-c<c>.cpuprofile.
 */
export async function profileCreateRuns(options: {
  baseUrl: string;
  token: string;
  concurrencies: number[];
  seconds: number;
  run: (concurrency: number) => Promise<{ total: number }>;
}): Promise<CreateProfile[]> {
  const resolve = sourceMapResolver();
  const profiles: CreateProfile[] = [];
  for (const concurrency of new Set(options.concurrencies)) {
    console.log(`api: a CPU profile of creates at c=${concurrency} (${options.seconds} s)…`);
    profiles.push(
      await profileCreates({
        ...options,
        concurrency,
        run: () => options.run(concurrency),
        file: `bench/results/profile-${Date.now()}-creates-c${concurrency}.cpuprofile`,
        resolve,
      }),
    );
  }
  return profiles;
}

async function profileCreates(options: {
  baseUrl: string;
  token: string;
  concurrency: number;
  seconds: number;
  /** The profiled run: creates at `concurrency` for `seconds`; answers how many were answered. */
  run: () => Promise<{ total: number }>;
  /** Where the raw profile is written. */
  file: string;
  resolve: SourceResolver;
}): Promise<CreateProfile> {
  const { baseUrl, token, concurrency, seconds, file, resolve } = options;
  await askServer(baseUrl, token, "start");
  let creates = 0;
  let failure: unknown;
  try {
    creates = (await options.run()).total;
  } catch (error) {
    failure = error;
  }
  // Stopped whatever happened, so a failed run does not leave the server sampling itself.
  const profile = (await askServer(baseUrl, token, "stop")) as Profile;
  if (failure) throw failure;
  writeFileSync(file, JSON.stringify(profile));
  const summary = summarise(withoutStop(profile), TOP_FUNCTIONS + 2, {
    resolve,
    weight: { by: "on-time samples", intervalMs: BENCH_PROFILE_INTERVAL_US / 1000 },
  });
  const idleMs = summary.groups.find((g) => g.group === IDLE)?.ms ?? 0;
  return {
    workers: 1,
    concurrency,
    seconds,
    creates,
    intervalUs: BENCH_PROFILE_INTERVAL_US,
    sampledMs: summary.totalMs - idleMs,
    idleMs,
    lateSamples: summary.lateSamples,
    groups: summary.groups.filter((g) => g.group !== IDLE),
    top: summary.top.filter((t) => t.group !== IDLE).slice(0, TOP_FUNCTIONS),
    file,
  };
}
