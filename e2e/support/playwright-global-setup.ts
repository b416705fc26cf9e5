import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startTestStack } from "./test-stack";

/**
 * Starts the production server over a throwaway database; the workers read E2E_* from the env. E2E_AXE_STATES is
 * this run's record of the page states axe has checked (e2e/support/accessibility.ts), new for every run.
 */
export default async function globalSetup() {
  const stack = await startTestStack();
  const axeStates = mkdtempSync(path.join(tmpdir(), "pis-axe-states-"));
  process.env.E2E_BASE_URL = stack.baseUrl;
  process.env.E2E_STACK_ENV = JSON.stringify(stack.env);
  process.env.E2E_AXE_STATES = axeStates;
  Object.assign(process.env, stack.env);
  return async () => {
    await stack.stop();
    rmSync(axeStates, { recursive: true, force: true });
  };
}
