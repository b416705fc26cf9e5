import { test as base } from "@playwright/test";
import { disconnectPrisma } from "@/lib/base/db/prisma";
import { startTestStack, type TestStack } from "./test-stack";

// Workers seed through the same domain functions as the dev seed, against the stack's database.
Object.assign(process.env, JSON.parse(process.env.E2E_STACK_ENV ?? "{}") as Record<string, string>);

export const test = base.extend<object, { seedDb: void }>({
  baseURL: async ({}, provide) => provide(process.env.E2E_BASE_URL),
  seedDb: [
    async ({}, provide) => {
      await provide();
      await disconnectPrisma();
    },
    { scope: "worker", auto: true },
  ],
});

/**
 * For a test that needs a console to itself: what it compares is everything an admin sees (the figures of all
 * tenants), which other workers' tests change while it reads. It gets a server and database of its own (with the
 * run's keys); while it runs, its page's baseURL, the fixtures' database and signIn point at them. Users it signs
 * in are its own (consoleUser, not workerAdmin, whose account is in the run's database).
 */
export const testAlone = test.extend<{ ownStack: TestStack }>({
  ownStack: async ({}, provide) => {
    const stack = await startTestStack();
    const before = { ...process.env };
    await disconnectPrisma();
    Object.assign(process.env, stack.env, { E2E_BASE_URL: stack.baseUrl });
    try {
      await provide(stack);
    } finally {
      await disconnectPrisma();
      for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
      Object.assign(process.env, before);
      await stack.stop();
    }
  },
  baseURL: async ({ ownStack }, provide) => provide(ownStack.baseUrl),
});

export { expect } from "@playwright/test";
