import type { TestProject } from "vitest/node";
import { startTestStack } from "./test-stack";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    stackEnv: Record<string, string>;
  }
}

/** One production server and throwaway database for the whole integration run. */
export default async function setup(project: TestProject) {
  const stack = await startTestStack();
  project.provide("baseUrl", stack.baseUrl);
  project.provide("stackEnv", stack.env);
  return () => stack.stop();
}
