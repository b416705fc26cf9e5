import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { applicationName } from "./connection-settings";

/** The migration folders shipped with the app. */
async function migrationNames(): Promise<string[]> {
  const dir = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
}

/** The applied migrations' names, as rows of `migration_name`. */
export const APPLIED_MIGRATIONS =
  "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL";

/** True when a migration folder is not yet among `applied` (the rows of APPLIED_MIGRATIONS). */
export async function pendingAmong(applied: { migration_name: string }[]): Promise<boolean> {
  const names = new Set(applied.map((r) => r.migration_name));
  return (await migrationNames()).some((name) => !names.has(name));
}

/** True when a migration folder is not yet recorded as applied; cheap, so callers skip the engine. */
export async function hasPendingMigrations(url: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 3000,
    application_name: applicationName(),
  });
  try {
    await client.connect();
    return await pendingAmong((await client.query<{ migration_name: string }>(APPLIED_MIGRATIONS)).rows);
  } catch {
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}
