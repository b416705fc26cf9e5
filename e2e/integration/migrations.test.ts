import pg from "pg";
import { describe, expect, it } from "vitest";
import { applyMigrations, diffMigrationsToSchema } from "@/lib/base/db/migrations";
import { registryKeys } from "@/lib/domain/payment-methods/registry-keys";
import { startTestDatabase } from "../support/test-database";

describe("migrations", () => {
  it("prisma/migrations produce exactly schema.prisma and are recorded in _prisma_migrations", async () => {
    const db = await startTestDatabase();
    try {
      expect(await diffMigrationsToSchema(db.url)).toBe("");
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query("SELECT migration_name, finished_at FROM _prisma_migrations");
      // The fixed-window counters the rate limiter no longer uses are gone (rate_limits replaced them).
      const { rows: retired } = await client.query(
        "SELECT to_regclass('rate_limit_buckets') AS buckets, to_regclass('rate_limits') AS limits",
      );
      await client.end();
      expect(retired).toEqual([{ buckets: null, limits: "rate_limits" }]);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.finished_at !== null)).toBe(true);
      expect(await applyMigrations(db.url, registryKeys())).toEqual([]);
    } finally {
      await db.stop();
    }
  });

  it("two instances applying at once do not collide", async () => {
    const db = await startTestDatabase();
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
      await client.end();
      const [a, b] = await Promise.all([
        applyMigrations(db.url, registryKeys()),
        applyMigrations(db.url, registryKeys()),
      ]);
      expect([...a, ...b].length).toBeGreaterThan(0);
      expect(a.length === 0 || b.length === 0).toBe(true);
    } finally {
      await db.stop();
    }
  }, 120_000); // two schema engines apply every migration; a loaded machine takes more than the default 30 s
});
