import { describeStartupError } from "../lib/base/db/embedded-postgres-error";
import { ensureDatabase } from "../lib/base/db/ensure-database";
import { applyMigrations } from "../lib/base/db/migrations";

try {
  const database = await ensureDatabase();
  try {
    const applied = await applyMigrations(database.url);
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
  } finally {
    await database.embedded?.stop();
  }
} catch (error) {
  console.error(describeStartupError(error));
  process.exit(1);
}
