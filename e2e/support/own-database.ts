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

/**
 * A throwaway database for this test file alone (empty with `migrate: false`, for a migration job to fill), stopped
 * after it; unlike ownDatabase the process's Prisma client is left alone: the fleet tests point it themselves.
 */
export function fileDatabase(options: { migrate?: boolean; restartable?: boolean } = {}): { database: TestDatabase } {
  const file = {} as { database: TestDatabase };
  beforeAll(async () => {
    file.database = await startTestDatabase(options);
  });
  afterAll(async () => {
    await disconnectPrisma();
    await file.database?.stop();
  });
  return file;
}
