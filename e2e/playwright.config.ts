import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./support/chromium";

/**
 * Debian's Chromium (no browser download); the server and database come from global-setup. Specs run on
 * E2E_WORKERS workers (one per core by default, at least two): every spec keeps to its own tenants, and what an
 * admin sees across the whole console is checked by what the spec made, not by totals (docs/testing.md).
 */
export default defineConfig({
  testDir: "./browser",
  globalSetup: "./support/playwright-global-setup.ts",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS) || Math.max(2, availableParallelism()),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "../test-results/e2e.json" }]],
  outputDir: "../test-results/playwright",
  use: {
    ...devices["Desktop Chrome"],
    // A trace records every action's snapshots (a sixth of the step's CPU); `--trace on` records them when wanted.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
});
