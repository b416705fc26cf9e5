import pg from "pg";
import { dataDir } from "@/lib/config/data-dir";
import { embeddedUrl, startEmbeddedPostgres, type EmbeddedCluster } from "./embedded-postgres";

export type DatabaseHandle = { url: string; embedded: EmbeddedCluster | null };

const DEV_DATABASE = "pis";

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * DATABASE_URL when set. Otherwise the embedded development cluster under .data/pg: reused when another
 * process (the dev server, say) already runs it, started otherwise. Sets DATABASE_URL for the process.
 */
export async function ensureDatabase(log: (line: string) => void = console.log): Promise<DatabaseHandle> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: null };
  const port = Number(process.env.EMBEDDED_PG_PORT || 54329);
  const url = embeddedUrl(port, DEV_DATABASE);
  if (await reachable(url)) {
    process.env.DATABASE_URL = url;
    return { url, embedded: null };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: dataDir("pg"), port, database: DEV_DATABASE, persistent: true });
  log(`DATABASE_URL is not set: using the embedded PostgreSQL in .data/pg on 127.0.0.1:${port} (set DATABASE_URL to use your own).`);
  process.env.DATABASE_URL = embedded.url;
  return { url: embedded.url, embedded };
}
