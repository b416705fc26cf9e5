/**
 * What a step's own report says: tests passed and failed, and what failed with the first lines of why. The exit
 * status alone is not trusted (a runner's exit code was once hidden by a dependency's exit hook), so the summary
 * counts from the reports the runners write.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";

export type Counts = { passed: number; failed: number; failures: string[] };

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
};

/** The counts in a Vitest JSON report (`--reporter=json --outputFile.json=FILE`). */
export function vitestCounts(file: string): () => Counts {
  return () => {
    const report = JSON.parse(readFileSync(file, "utf8")) as VitestReport;
    // CI shows only the tail of the log, so the closing summary names what failed.
    const failures: string[] = [];
    for (const result of report.testResults ?? []) {
      const where = relative(process.cwd(), result.name);
      const failedTests = (result.assertionResults ?? []).filter((test) => test.status === "failed");
      for (const test of failedTests) failures.push(`${where} > ${test.fullName}${why(test.failureMessages?.[0])}`);
      if (failedTests.length === 0 && result.status === "failed")
        failures.push(`${where} (${(result.message ?? "failed").split("\n")[0]})`);
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

type PlaywrightError = { message?: string; location?: { file: string; line: number } };
type PlaywrightSpec = { title: string; ok: boolean; tests?: { results?: { errors?: PlaywrightError[] }[] }[] };
type PlaywrightSuite = { title: string; file?: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] };

/**
 * Every error of a failed run, each with the line it stopped at: a test timeout's own message names no step,
 * the error after it says which call was still waiting and where.
 */
function playwrightWhy(spec: PlaywrightSpec): string {
  const result = spec.tests?.flatMap((test) => test.results ?? []).find((r) => (r.errors ?? []).length > 0);
  const errors = result?.errors ?? [];
  const said = errors.map((error) => {
    const firstLine = (error.message ?? "failed")
      .replace(/\u001b\[[0-9;]*m/g, "")
      .split("\n")[0]!
      .trim();
    const where = error.location ? ` (${relative(process.cwd(), error.location.file)}:${error.location.line})` : "";
    return `${firstLine}${where}`;
  });
  return why(said.join("\n"));
}

function failedSpecs(suite: PlaywrightSuite, path: string[]): string[] {
  const here = suite.file ? [suite.file] : suite.title ? [...path, suite.title] : path;
  const own = (suite.specs ?? [])
    .filter((spec) => !spec.ok)
    .map((spec) => `${here.join(" > ")} > ${spec.title}${playwrightWhy(spec)}`);
  return [...own, ...(suite.suites ?? []).flatMap((child) => failedSpecs(child, here))];
}

/** The counts in Playwright's JSON report. A flaky test cannot pass: the browser step runs without retries. */
export function playwrightCounts(file: string): () => Counts {
  return () => {
    const report = JSON.parse(readFileSync(file, "utf8")) as {
      stats: { expected: number; unexpected: number; flaky: number };
      suites?: PlaywrightSuite[];
    };
    const failures = (report.suites ?? []).flatMap((suite) => failedSpecs(suite, []));
    return { passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky, failures };
  };
}
