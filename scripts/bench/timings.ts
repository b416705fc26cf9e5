/**
 * Sequential timings for the scale comparison: console pages as a signed-in admin sees them (time to the
 * last byte over loopback, one request at a time, so it is the server's time) and the job runner's claim
 * of due callbacks.
 */
import { claimDueDeliveries } from "../../lib/domain/callbacks/claim-deliveries";
import { createPrismaClient } from "../../lib/base/db/prisma";
import { consoleSession } from "../../e2e/support/console-session";

export type Timing = { median: number; max: number; bytes?: number };

const WARM_UP = 2;

export function summary(samples: number[], bytes?: number): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { median: round(sorted[Math.floor(sorted.length / 2)]!), max: round(sorted.at(-1)!), bytes };
}

/** `runs` timings of `work` in milliseconds, after two untimed runs. */
export async function time(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARM_UP; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** Each page `runs` times after a warm-up; a page that does not answer 200 fails the bench. */
export async function timeConsolePages(
  baseUrl: string,
  pages: Record<string, string>,
  runs: number,
): Promise<Record<string, Timing>> {
  const admin = await consoleSession(baseUrl, "admin");
  const timings: Record<string, Timing> = {};
  for (const [name, path] of Object.entries(pages)) {
    let bytes = 0;
    const samples = await time(runs, async () => {
      const res = await admin.get(path);
      if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
      bytes = Buffer.byteLength(res.text);
    });
    timings[name] = summary(samples, bytes);
  }
  return timings;
}

/** The runner's claim of due callbacks as it runs every tick (nothing is due in the bench's data). */
export async function timeClaimQuery(url: string, runs: number): Promise<Timing> {
  const db = createPrismaClient(url);
  try {
    return summary(await time(runs, () => claimDueDeliveries(db, { now: new Date(), runnerId: "bench", limit: 48 })));
  } finally {
    await db.$disconnect();
  }
}
