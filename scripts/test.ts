/**
 * `npm test`: type check, lint, the format check, unit tests, the alert rules (promtool), one production build,
 * then the integration tests (real PostgreSQL, real HTTP), the fault tests (servers killed, the database stopped,
 * leases running out) and the browser tests (Playwright + Chromium) against that build, then one closing line
 * with the totals. With `--deploy` (CI) also the deployment tests (`npm run test:deploy`), counted in the same line.
 *
 * Steps run side by side where they share no state and the machine has room (scripts/test/run-steps.ts; why each
 * overlap is safe: docs/testing.md). `--steps a,b` runs only the named steps and what they need.
 */
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { playwrightCounts, vitestCounts } from "./test/reports";
import { describeResult, runSteps, type Step } from "./test/run-steps";

const RESULTS = "test-results";

const vitest = (project: string) => [
  "npx",
  "vitest",
  "run",
  "--project",
  project,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${RESULTS}/${project}.json`,
];

/** Next's build and the bundled server (dist/server.js) that the integration, fault and browser tests start. */
const built = () =>
  existsSync(".next/BUILD_ID") &&
  existsSync("dist/server.js") &&
  statSync("dist/server.js").mtimeMs >= statSync(".next/BUILD_ID").mtimeMs;

const BUILD = "production build";

/**
 * In order of preference, each with the cores it keeps busy on average (measured: docs/testing.md). The build comes
 * first: everything that starts a server waits for it. Then the fault and deployment tests side by side (each waits
 * on servers, the database and npm for much of its time), with the checks filling in as they end; then the browser
 * tests and the integration tests, each of which keeps the whole machine busy, one after the other.
 */
const STEPS: Step[] = [
  { name: "prisma generate", command: ["npm", "run", "-s", "generate"], cores: 1 },
  {
    name: BUILD,
    command: ["npm", "run", "-s", "build"],
    after: ["prisma generate"],
    cores: 1.5,
    // The type check below covers the same files (next.config.js).
    env: { BUILD_SKIPS_TYPE_CHECK: "1" },
    produced: built,
  },
  {
    name: "fault tests",
    command: vitest("faults"),
    after: [BUILD],
    cores: 1,
    counts: vitestCounts(`${RESULTS}/faults.json`),
  },
  ...(process.argv.includes("--deploy")
    ? [
        {
          name: "deployment tests",
          command: vitest("deploy"),
          after: [BUILD],
          cores: 1,
          counts: vitestCounts(`${RESULTS}/deploy.json`),
        },
      ]
    : []),
  {
    name: "unit tests",
    command: vitest("unit"),
    after: ["prisma generate"],
    cores: 1,
    counts: vitestCounts(`${RESULTS}/unit.json`),
  },
  // After the build, which writes the route types (.next/types) that this check includes.
  { name: "type check", command: ["npx", "tsc", "--noEmit"], after: [BUILD], cores: 1 },
  { name: "lint", command: ["npx", "eslint", "--max-warnings", "0", "."], after: ["prisma generate"], cores: 1 },
  // The one format (docs/decisions.md, "One format"): a file Prettier would change fails.
  { name: "format", command: ["npx", "prettier", "--check", "--log-level", "warn", "."], cores: 0.5 },
  // promtool (Debian's prometheus package): the alert rules are valid and their unit tests pass.
  { name: "alert rules", command: ["npm", "run", "-s", "check:alerts"], cores: 0.5 },
  {
    name: "browser tests",
    command: ["npx", "playwright", "test", "--config", "e2e/playwright.config.ts"],
    after: [BUILD],
    cores: 2,
    counts: playwrightCounts(`${RESULTS}/e2e.json`),
  },
  {
    name: "integration tests",
    command: vitest("integration"),
    after: [BUILD],
    cores: 2,
    counts: vitestCounts(`${RESULTS}/integration.json`),
  },
];

/** `--steps a,b`: those steps and, before them, the steps they wait for. */
function chosen(steps: Step[]): Step[] {
  const at = process.argv.indexOf("--steps");
  if (at < 0) return steps;
  const wanted = new Set((process.argv[at + 1] ?? "").split(",").map((name) => name.trim()));
  for (const name of wanted)
    if (!steps.some((step) => step.name === name))
      throw new Error(`no step "${name}"; the steps: ${steps.map((step) => step.name).join(", ")}`);
  for (let grew = true; grew;) {
    grew = false;
    for (const step of steps)
      if (wanted.has(step.name))
        for (const need of step.after ?? []) if (!wanted.has(need)) grew = Boolean(wanted.add(need));
  }
  return steps.filter((step) => wanted.has(step.name));
}

rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });
process.env.NEXT_TELEMETRY_DISABLED = "1";
const started = Date.now();
const results = await runSteps(chosen(STEPS), availableParallelism(), `${RESULTS}/logs`);
const passed = results.reduce((sum, result) => sum + (result.counts?.passed ?? 0), 0);
const failed = results.reduce(
  (sum, result) => sum + (result.counts?.failed ?? 0) + (result.outcome !== "PASS" && !result.counts?.failed ? 1 : 0),
  0,
);
console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
for (const result of results) {
  console.log(describeResult(result));
  for (const failure of result.counts?.failures.slice(0, 20) ?? []) console.log(`        failed: ${failure}`);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.every((result) => result.outcome === "PASS") ? 0 : 1);
