/**
 * `npm run test:busy`: the fault tests on a busy machine. One busy-loop process per core runs beside them
 * for the whole run, as another build or test run on a shared CI machine would; the fault tests must pass
 * anyway (their budgets come from measured progress, e2e/support/fault-progress.ts). With `--browser`, the
 * browser tests instead, on all their workers: more parallelism must not bring back timing failures.
 *
 *   npm run test:busy                      the fault tests once (run `npm run build` first)
 *   npm run test:busy -- --runs 3          three runs in a row, stopping at the first failure
 *   npm run test:busy -- e2e/faults/kill-under-load.test.ts
 *   npm run test:busy -- --browser         the browser tests once, beside the busy loops
 *
 * Each run's duration and outcome, and the load average the busy loops produced, are printed at the end.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt >= 0 ? Math.max(1, Number(args[runsAt + 1]) || 1) : 1;
const browser = args.includes("--browser");
const files = args.filter((arg, i) => arg !== "--runs" && arg !== "--browser" && (runsAt < 0 || i !== runsAt + 1));
const suite = browser
  ? ["node_modules/@playwright/test/cli.js", "test", "--config", "e2e/playwright.config.ts", ...files]
  : ["node_modules/vitest/vitest.mjs", "run", "--project", "faults", ...files];

if (!existsSync(".next/BUILD_ID")) {
  console.error("No production build: run `npm run build` first (the fault tests start the production server).");
  process.exit(2);
}

const cores = availableParallelism();
const busy: ChildProcess[] = Array.from({ length: cores }, () =>
  spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
);
const stopBusy = () => busy.forEach((child) => child.kill("SIGKILL"));
process.on("exit", stopBusy);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));
console.log(
  `test:busy: ${cores} busy-loop processes beside the ${browser ? "browser" : "fault"} tests, ${runs} run(s)`,
);

const results: string[] = [];
let failed = false;
for (let run = 1; run <= runs && !failed; run++) {
  const started = Date.now();
  const result = spawnSync(process.execPath, suite, { stdio: "inherit", env: process.env });
  failed = result.status !== 0;
  const [one] = loadavg();
  results.push(
    `run ${run}: ${failed ? "FAILED" : "passed"} in ${((Date.now() - started) / 1000).toFixed(0)} s (1-minute load average at the end ${one!.toFixed(1)} on ${cores} cores)`,
  );
}
stopBusy();
console.log(`\n=== test:busy\n${results.join("\n")}`);
process.exit(failed ? 1 : 0);
