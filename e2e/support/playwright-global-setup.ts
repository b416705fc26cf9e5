import { startTestStack } from "./test-stack";

/** Starts the production server over a throwaway database; the workers read E2E_* from the env. */
export default async function globalSetup() {
  const stack = await startTestStack();
  process.env.E2E_BASE_URL = stack.baseUrl;
  process.env.E2E_STACK_ENV = JSON.stringify(stack.env);
  Object.assign(process.env, stack.env);
  return async () => {
    await stack.stop();
  };
}
