import { afterAll, beforeAll } from "vitest";
import { disconnectPrisma } from "@/lib/base/db/prisma";
import { startTestDatabase, type TestDatabase } from "./test-database";
import { testServerEnv } from "./test-stack";

export type OwnDatabase = { database: TestDatabase; env: Record<string, string> };

/**
 * A test file's own throwaway database, for tests that start (and kill) servers of their own or must not
 * see other files' rows: from beforeAll on, this process's Prisma client uses it with the keys the
 * servers get (`env`, for startAppServer).
 */
export function ownDatabase(options: { restartable?: boolean } = {}): OwnDatabase {
  const own = {} as OwnDatabase;
  beforeAll(async () => {
    own.database = await startTestDatabase(options);
    own.env = testServerEnv(own.database);
    await disconnectPrisma();
    Object.assign(process.env, own.env);
  });
  afterAll(async () => {
    await disconnectPrisma();
    await own.database.stop();
  });
  return own;
}
