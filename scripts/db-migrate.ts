import { applySecretFiles, parseConfig } from "../lib/base/config/env";
import { enterRunMode } from "../lib/base/config/run-mode";
import { describeStartupError } from "../lib/base/db/embedded-postgres-error";
import { ensureDatabase } from "../lib/base/db/ensure-database";
import { applyMigrations } from "../lib/base/db/migrations";
import { registryKeys } from "../lib/domain/payment-methods/registry-keys";
import { directDatabaseUrl } from "../lib/base/db/connection-settings";
import { refuseUndeclaredPooler } from "../lib/base/db/pooler-detection";

try {
  // The mode as every entry point decides it (lib/base/config/run-mode.ts): the built job (dist/migrate.js) is
  // production's, and production never migrates an embedded development database (no DATABASE_URL: refused).
  enterRunMode();
  // DATABASE_URL_FILE and DIRECT_DATABASE_URL_FILE, as the compose file's migrate job passes them.
  applySecretFiles();
  // Every setting's shape at once; the server's own refusals (its secrets, its origin) are the server's: the job
  // needs only the database.
  parseConfig(process.env, { refuse: false });
  const database = await ensureDatabase();
  await refuseUndeclaredPooler();
  try {
    // The migrations' advisory lock needs a session: DIRECT_DATABASE_URL when DATABASE_URL is a pooler.
    const applied = await applyMigrations(directDatabaseUrl() ?? database.url, registryKeys());
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
  } finally {
    await database.embedded?.stop();
  }
} catch (error) {
  console.error(describeStartupError(error));
  process.exit(1);
}
