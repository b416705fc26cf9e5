import { describeStartupError } from "../lib/base/db/embedded-postgres-error";
import { ensureDatabase } from "../lib/base/db/ensure-database";
import { applyMigrations } from "../lib/base/db/migrations";
import { directDatabaseUrl } from "../lib/base/db/connection-settings";

try {
  const database = await ensureDatabase();
  try {
    // The migrations' advisory lock needs a session: DIRECT_DATABASE_URL when DATABASE_URL is a pooler.
    const applied = await applyMigrations(directDatabaseUrl() ?? database.url);
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
  } finally {
    await database.embedded?.stop();
  }
} catch (error) {
  console.error(describeStartupError(error));
  process.exit(1);
}
