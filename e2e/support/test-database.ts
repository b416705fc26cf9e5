import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "@/lib/base/db/embedded-postgres";
import { applyMigrations } from "@/lib/base/db/migrations";
import { registryKeys } from "@/lib/domain/payment-methods/registry-keys";
import { freePort } from "./free-port";

export type TestDatabase = {
  url: string;
  dir: string;
  stop: () => Promise<void>;
  pause: () => Promise<void>;
  resume: () => Promise<void>;
};

/**
 * A throwaway PostgreSQL cluster in a temp dir, migrated unless told not to; never the development data. A
 * `restartable` one can be stopped and started again on the same data (`pause`, `resume`) to take the
 * database away from running servers.
 */
export async function startTestDatabase(
  options: { migrate?: boolean; restartable?: boolean } = {},
): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "pis-test-"));
  // When run as root, PostgreSQL runs as the "postgres" user and must be able to reach its data dir.
  chmodSync(dir, 0o755);
  const cluster = await startEmbeddedPostgres({
    dataDir: path.join(dir, "pg"),
    port: await freePort(),
    database: "pis_test",
    persistent: Boolean(options.restartable),
  });
  if (options.migrate !== false) await applyMigrations(cluster.url, registryKeys());
  return {
    url: cluster.url,
    dir,
    pause: cluster.pause,
    resume: cluster.resume,
    stop: async () => {
      await cluster.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
