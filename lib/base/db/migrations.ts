import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { applicationName } from "./connection-settings";
import { hasPendingMigrations } from "./pending-migrations";
import { syncRegistryKeys, type RegistryKey } from "./registry-keys";
import { openSchemaEngine } from "./schema-engine";

const PRISMA_DIR = path.resolve(process.cwd(), "prisma");
const MIGRATIONS_DIR = path.join(PRISMA_DIR, "migrations");
const SCHEMA_FILE = path.join(PRISMA_DIR, "schema.prisma");
const LOCKFILE = "migration_lock.toml";
const NO_FILTER = { externalTables: [], externalEnums: [] };
// Serialises concurrent `npm start`s: only one instance applies migrations, the others wait and find none.
const MIGRATION_LOCK_KEY = 727_001;

async function readDatamodel() {
  return { path: SCHEMA_FILE, content: await readFile(SCHEMA_FILE, "utf8") };
}

async function readMigrationsList(before?: string) {
  const entries = existsSync(MIGRATIONS_DIR) ? await readdir(MIGRATIONS_DIR, { withFileTypes: true }) : [];
  const directories = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .filter((name) => before === undefined || name < before)
    .sort();
  const lockPath = path.join(MIGRATIONS_DIR, LOCKFILE);
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: LOCKFILE, content: existsSync(lockPath) ? await readFile(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      directories.map(async (dir) => {
        const file = path.join(MIGRATIONS_DIR, dir, "migration.sql");
        const content = await readFile(file, "utf8").then(
          (sql) => ({ tag: "ok" as const, value: sql }),
          (error: Error) => ({ tag: "error" as const, value: error.message }),
        );
        return { path: dir, migrationFile: { path: "migration.sql", content } };
      }),
    ),
  };
}

/**
 * A session advisory lock: held by this connection until it is unlocked, so `url` must reach PostgreSQL itself
 * (DIRECT_DATABASE_URL), never a transaction-mode pooler, whose next statement may run on another session.
 */
async function withAdvisoryLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: applicationName() });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

/**
 * Applies pending migrations, then writes the registry's keys (`registry`: the payment methods, from
 * lib/domain/payment-methods/registry-keys.ts, which every entry point passes); returns the migrations' names it
 * applied. `url` is the direct connection (see withAdvisoryLock). `before` (a migration's directory name) stops
 * short of it: a database as an older release left it, to test a migration on data.
 */
export async function applyMigrations(
  url: string,
  registry: readonly RegistryKey[],
  { before }: { before?: string } = {},
): Promise<string[]> {
  const applied =
    before !== undefined || (await hasPendingMigrations(url))
      ? await withAdvisoryLock(url, async () => {
          const engine = await openSchemaEngine(url, await readDatamodel());
          try {
            const result = await engine.applyMigrations({
              migrationsList: await readMigrationsList(before),
              filters: NO_FILTER,
            });
            return result.appliedMigrationNames;
          } finally {
            engine.free();
          }
        })
      : [];
  // An older release's database has no payment_method_keys yet (its entry points wrote none).
  if (before === undefined) await syncRegistryKeys(url, registry);
  return applied;
}

/** The SQL that would take the migrations to schema.prisma; empty when they agree. Uses a shadow database. */
export async function diffMigrationsToSchema(url: string): Promise<string> {
  const datamodel = await readDatamodel();
  const engine = await openSchemaEngine(url, datamodel);
  try {
    const migrations = await readMigrationsList();
    const result = await engine.diff({
      from: migrations.migrationDirectories.length ? { tag: "migrations", ...migrations } : { tag: "empty" },
      to: { tag: "schemaDatamodel", files: [datamodel] },
      script: true,
      exitCode: true,
      filters: NO_FILTER,
    });
    return result.exitCode === 2 ? (result.stdout ?? "") : "";
  } finally {
    engine.free();
  }
}

function migrationTimestamp(now = new Date()): string {
  return now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

/** Writes prisma/migrations/<timestamp>_<name>/migration.sql from the diff; null when nothing changed. */
export async function createMigration(url: string, name: string): Promise<string | null> {
  const sql = await diffMigrationsToSchema(url);
  if (!sql.trim()) return null;
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_|_$/g, "") || "migration";
  const dir = path.join(MIGRATIONS_DIR, `${migrationTimestamp()}_${slug}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "migration.sql"), sql);
  const lockPath = path.join(MIGRATIONS_DIR, LOCKFILE);
  if (!existsSync(lockPath)) {
    await writeFile(
      lockPath,
      "# Please do not edit this file manually\n# It should be added in your version-control system (e.g., " +
        'Git)\nprovider = "postgresql"\n',
    );
  }
  return dir;
}
