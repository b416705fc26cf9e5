import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * A fault test that runs out of time says what it was waiting for. The kill test itself is run with its
 * second server start (the restart after the first kill) held back ten minutes (e2e/support/slow-start.mjs):
 * it must fail on that start's budget, which it took from the start it measured, naming the start and
 * giving its figures so far.
 */
function runKillTest(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["node_modules/vitest/vitest.mjs", "run", "--project", "faults", "e2e/faults/kill-under-load.test.ts"],
      {
        env: { ...process.env, ...env, CI: "true" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("a fault test that runs out of time", () => {
  it(
    "names the step it was waiting for and the figures so far, not a bare timeout",
    async () => {
      const { code, output } = await runKillTest({ SLOW_SERVER_START_MS: "600000", SLOW_SERVER_START_AFTER: "1" });
      expect(code, output).not.toBe(0);
      expect(output).toMatch(
        /kill -9 under load: gave up waiting for server start 2 \(restart after kill 1\) after [\d.]+ s \(5x the slowest start so far\)/,
      );
      expect(output).toMatch(
        /figures so far: \{"server starts \(s\)":\[[\d.]+\].*"creates answered":\d+.*"approvals":\d+.*"kills":1/,
      );
      expect(output).not.toMatch(/Test timed out/);
    },
    30 * 60_000,
  );
});
