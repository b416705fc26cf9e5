/**
 * The bench's callbacks section: callback delivery at 16 senders (issue 56's targets are read there), at the
 * bench's own concurrency when that differs, and at 32 (BENCH_CALLBACK_SENDERS overrides the list), each a fresh
 * run of `npm run bench:callbacks`, whose JSON (bench/results/callbacks-<time>.json) is read back. Run as a child
 * that this process waits for without blocking, so the machine's load is still sampled meanwhile.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import type { CallbackFigures } from "./report";

/** The senders the targets are read at (scripts/bench/targets.ts, callbackTargets). */
export const TARGET_SENDERS = 16;

export async function callbackRuns(tsx: string, concurrency: number): Promise<CallbackFigures[]> {
  const listed = process.env.BENCH_CALLBACK_SENDERS || [TARGET_SENDERS, concurrency, 32].join(",");
  const senders = [...new Set(listed.split(",").map(Number))];
  const figures: CallbackFigures[] = [];
  for (const n of senders) {
    console.log(`callback delivery, ${n} senders…`);
    const started = Date.now();
    const child = spawn(tsx, ["scripts/bench-callbacks.ts"], {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, LOG_LEVEL: "warn", BENCH_CONCURRENCY: String(n) },
    });
    await new Promise((resolve) => child.once("exit", resolve));
    const latest = readdirSync("bench/results")
      .filter((f) => f.startsWith("callbacks-") && Number(f.slice(10, -5)) >= started)
      .sort()
      .at(-1);
    if (latest)
      figures.push({ senders: n, ...(JSON.parse(readFileSync(`bench/results/${latest}`, "utf8")) as CallbackFigures) });
  }
  return figures;
}
