import { test as base } from "@playwright/test";
import { disconnectPrisma } from "@/lib/base/db/prisma";

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

export { expect } from "@playwright/test";
