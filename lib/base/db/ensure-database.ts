import { existsSync, readFileSync, realpathSync } from "node:fs";
import { createServer } from "node:net";
import pg from "pg";
import { dataDir } from "@/lib/base/config/data-dir";
import { isProduction } from "@/lib/base/config/dev-secrets";
import { clusterLocation } from "./cluster-location";
import {
  ownedByAnother,
  postmasterPid,
  recordedOwner,
  recordOwner,
  releaseOwner,
  stopPostmaster,
} from "./cluster-owner";
import type { EmbeddedCluster } from "./embedded-postgres";
import { StartupRefusal } from "./embedded-postgres-error";
import { embeddedUrl } from "./embedded-url";
import { config } from "@/lib/base/config/env";

/** `embedded` is the cluster this process stops when it stops: one it started, or one a server adopted. */
export type DatabaseHandle = { url: string; embedded: { stop: () => Promise<void> } | null };

const DEV_DATABASE = "pis";
const DEFAULT_PORT = 54329;

/** The data directory a PostgreSQL server on `port` serves, when it accepts our embedded credentials. */
async function servedDataDirectory(port: number): Promise<string | null> {
  const client = new pg.Client({ connectionString: embeddedUrl(port, "postgres"), connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>("SHOW data_directory");
    return rows[0]?.data_directory ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

const samePath = (a: string, b: string) => {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
};

/** The port of the cluster running on `dir` (its postmaster.pid), when that process is alive. */
function runningPort(dir: string): number | null {
  const file = `${dir}/postmaster.pid`;
  if (!existsSync(file)) return null;
  const [pid, , , port] = readFileSync(file, "utf8").split("\n");
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null;
  }
  return Number(port) || null;
}

/** This checkout's cluster, already running (started by `npm run dev`, say): its port, proven by its data directory. */
async function ownRunningCluster(dir: string): Promise<number | null> {
  const port = runningPort(dir);
  if (!port) return null;
  const served = await servedDataDirectory(port);
  return served && samePath(served, dir) ? port : null;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A port nothing listens on right now (127.0.0.1), chosen by the system. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One line on who holds the port we wanted, and where this checkout's cluster goes instead. */
async function portTaken(wanted: number, instead: number): Promise<string> {
  const served = await servedDataDirectory(wanted);
  const holder = served ? `another checkout's embedded PostgreSQL (${served})` : "another program";
  return (
    `Port ${wanted} is in use by ${holder}: this checkout's embedded PostgreSQL runs on 127.0.0.1:${instead} ` +
    `instead.`
  );
}

async function startOwnCluster(
  dir: string,
  log: (line: string) => void,
): Promise<{ port: number; embedded: EmbeddedCluster | null }> {
  const wanted = config().EMBEDDED_PG_PORT ?? DEFAULT_PORT;
  const port = (await portIsFree(wanted)) ? wanted : await freePort();
  try {
    // Loaded only here: the embedded cluster and its binaries are development and test dependencies.
    const { startEmbeddedPostgres } = await import("./embedded-postgres");
    // Recorded before it starts, so that a server starting meanwhile does not take it for an orphan.
    recordOwner(dir);
    const started = await startEmbeddedPostgres({ dataDir: dir, port, database: DEV_DATABASE, persistent: true }).catch(
      (error: unknown) => {
        releaseOwner(dir);
        throw error;
      },
    );
    recordOwner(dir); // again: a process that lost the race to start it may have released the record meanwhile
    const embedded = { ...started, stop: () => started.stop().then(() => releaseOwner(dir)) };
    log(
      port === wanted
        ? `DATABASE_URL is not set: using the embedded PostgreSQL in ${dir} on 127.0.0.1:${port} (set DATABASE_URL ` +
            `to use your own).`
        : await portTaken(wanted, port),
    );
    return { port, embedded };
  } catch (error) {
    // Another process of this checkout (the dev server and the CLI, say) started it at the same moment.
    for (let i = 0; i < 20; i++) {
      const running = await ownRunningCluster(dir);
      if (running) return { port: running, embedded: null };
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw error;
  }
}

export const DATABASE_URL_REQUIRED =
  "DATABASE_URL must be set in production: without it the server would keep every payment in an embedded PostgreSQL " +
  "on this container's disk (set APP_ENV=development to allow that).";

/**
 * The running cluster for a long-running server: left alone while its recorded owner lives (a developer's
 * other server, a CLI call that started it), taken over when that owner died without stopping it.
 */
function adoptIfOrphaned(dir: string, port: number, log: (line: string) => void): DatabaseHandle["embedded"] {
  const postmaster = postmasterPid(dir);
  if (ownedByAnother(dir) || !postmaster) return null;
  const previous = recordedOwner(dir);
  recordOwner(dir);
  log(
    `Adopted the embedded PostgreSQL in ${dir} on 127.0.0.1:${port} (postmaster pid ${postmaster}): ` +
      `${previous ? `its owner (pid ${previous}) is gone` : "no owner is recorded"}, so this server stops it when ` +
      `it stops.`,
  );
  let stopped: Promise<void> | undefined;
  return { stop: () => (stopped ??= stopPostmaster(postmaster).then(() => releaseOwner(dir))) };
}

/**
 * DATABASE_URL when set; in production nothing else (a cluster on a container's ephemeral disk loses every
 * payment with the container). Otherwise this checkout's embedded cluster (.data/pg): reused when it already
 * runs, which its postmaster.pid and `SHOW data_directory` prove, never another checkout's that happens
 * to answer on the port; started otherwise, on EMBEDDED_PG_PORT when that is free, else on a free port.
 * Sets DATABASE_URL for the process.
 *
 * `adopt` is for a long-running server: it also takes over (and stops on shutdown) a running cluster whose
 * owner died. Short CLI calls never pass it: they reuse the dev server's cluster and must never stop it.
 */
export async function ensureDatabase(
  log: (line: string) => void = console.log,
  { adopt = false }: { adopt?: boolean } = {},
): Promise<DatabaseHandle> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: null };
  if (isProduction()) throw new StartupRefusal(DATABASE_URL_REQUIRED);
  const location = clusterLocation(dataDir("pg"));
  const running = await ownRunningCluster(location.dataDir);
  // Where the data lives matters to whoever starts the cluster; a CLI call that reuses the running one is not told.
  if (location.note && !running) log(location.note);
  const { port, embedded } = running
    ? { port: running, embedded: adopt ? adoptIfOrphaned(location.dataDir, running, log) : null }
    : await startOwnCluster(location.dataDir, log);
  const url = embeddedUrl(port, DEV_DATABASE);
  process.env.DATABASE_URL = url;
  return { url, embedded };
}
