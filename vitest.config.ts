import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "scripts/**/*.test.ts",
            "e2e/support/**/*.test.ts",
            "e2e/simulators/**/*.test.ts",
            "e2e/api-surface/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["e2e/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["e2e/support/integration-global-setup.ts"],
          setupFiles: ["e2e/support/integration-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // A file per core, at least two (Vitest's default on two cores is one): a file waits on the server and
          // the database much of its time. On two cores two keep the machine busy (81%; four: 87%, and no sooner,
          // docs/testing.md). Files assume others run beside them: whatever they count is scoped to their own
          // tenants, or to a database of their own (ownDatabase).
          maxWorkers: Math.max(2, availableParallelism()),
        },
      },
      {
        // Deployment tests (the Dockerfile's steps, a rolling upgrade): each builds the app again in a clean
        // copy, so they run one at a time and apart from `npm test` (`npm run test:deploy`; CI runs `npm test -- --deploy`).
        resolve: { alias },
        test: {
          name: "deploy",
          include: ["e2e/deploy/**/*.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 30 * 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        // Fault tests: real server processes killed, databases stopped, leases running out; each file has
        // its own database and servers, and they run one at a time (they load the machine on purpose).
        test: {
          name: "faults",
          include: ["e2e/faults/**/*.test.ts"],
          environment: "node",
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
