import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

/** The migration folders shipped with the app. */
async function migrationNames(): Promise<string[]> {
  const dir = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
}

/** True when a migration folder is not yet recorded as applied; cheap, so callers skip the engine. */
export async function hasPendingMigrations(url: string): Promise<boolean> {
  const names = await migrationNames();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ migration_name: string }>(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
    );
    const applied = new Set(rows.map((r) => r.migration_name));
    return names.some((name) => !applied.has(name));
  } catch {
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}
