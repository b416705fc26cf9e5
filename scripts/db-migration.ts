import { describeStartupError } from "../lib/base/db/embedded-postgres-error";
import { ensureDatabase } from "../lib/base/db/ensure-database";
import { createMigration } from "../lib/base/db/migrations";

const name = process.argv.slice(2).join("_");
if (!name) {
  console.error("Usage: npm run db:migration -- <name>");
  process.exit(2);
}
try {
  const database = await ensureDatabase();
  try {
    const dir = await createMigration(database.url, name);
    console.log(dir ? `Created ${dir}` : "schema.prisma and the migrations agree: nothing to create.");
  } finally {
    await database.embedded?.stop();
  }
} catch (error) {
  console.error(describeStartupError(error));
  process.exit(1);
}
