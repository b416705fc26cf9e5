import { describeStartupError } from "../lib/db/embedded-postgres-error";
import { ensureDatabase } from "../lib/db/ensure-database";
import { applyMigrations } from "../lib/db/migrations";

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
