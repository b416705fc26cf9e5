import { Session } from "node:inspector/promises";
import { requestPhasesEnabled } from "./request-phases";

/**
 * A CPU profile of this server process over a window the bench chooses (GET /api/metrics?window=bench&profile=
 * start, then &profile=stop, which answers the profile as Chrome DevTools reads it). Only in a server started with
 * BENCH_PHASES=1, like the rest of the bench's window: otherwise every call answers null and no inspector session
 * is opened. The bench profiles a short run of its own after the measured ones, so the sampling's cost stays out
 * of the figures it reports (scripts/bench/create-profiles.ts).
 */

/** One sample a millisecond: V8's default, a few percent of the process's CPU for the stacks it walks. */
export const BENCH_PROFILE_INTERVAL_US = 1000;

export type BenchProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

// One session per process, whichever module instance (route bundle) is asked.
const key = Symbol.for("pis.bench-profile");
const holder = globalThis as { [key]?: Session };

/** Starts a profile (a profile already running is dropped first); false when off. */
export async function startBenchProfile(): Promise<boolean> {
  if (!requestPhasesEnabled()) return false;
  await dropSession();
  const session = new Session();
  session.connect();
  holder[key] = session;
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: BENCH_PROFILE_INTERVAL_US });
  await session.post("Profiler.start");
  return true;
}

/** The profile since the start, and the session closed; null when off or when no profile was started. */
export async function stopBenchProfile(): Promise<BenchProfile | null> {
  const session = holder[key];
  if (!requestPhasesEnabled() || !session) return null;
  holder[key] = undefined;
  try {
    const { profile } = await session.post("Profiler.stop");
    await session.post("Profiler.disable");
    return profile as BenchProfile;
  } finally {
    session.disconnect();
  }
}

async function dropSession(): Promise<void> {
  const session = holder[key];
  if (!session) return;
  holder[key] = undefined;
  await session.post("Profiler.stop").catch(() => undefined);
  session.disconnect();
}
