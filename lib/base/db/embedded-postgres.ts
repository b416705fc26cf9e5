import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { EmbeddedPostgresError } from "./embedded-postgres-error";
import { embeddedUrl, EMBEDDED_PASSWORD, EMBEDDED_USER } from "./embedded-url";
import { postgresAccount, type PostgresAccount } from "./postgres-account";
import { postgresBinaries, type PostgresBinaries } from "./postgres-binaries";

/** `pause` stops the server and `resume` starts it again on the same data (persistent clusters only). */
export type EmbeddedCluster = {
  url: string;
  port: number;
  dataDir: string;
  stop: () => Promise<void>;
  pause: () => Promise<void>;
  resume: () => Promise<void>;
};

type Options = { dataDir: string; port: number; database: string; persistent: boolean };

const USER = EMBEDDED_USER;
const PASSWORD = EMBEDDED_PASSWORD;
const READY = "database system is ready to accept connections";
const START_TIMEOUT_MS = 60_000;

export { embeddedUrl };

/** A UTF-8 locale the machine has (initdb otherwise takes the environment's, which may not be UTF-8). */
function clusterLocale(): string {
  const listed = spawnSync("locale", ["-a"], { encoding: "utf8" });
  const available = new Set((listed.stdout ?? "").split(/\r?\n/).map((l) => l.trim()));
  return ["C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"].find((l) => available.has(l)) ?? "C";
}

const ids = (account: PostgresAccount) => (account ? { uid: account.uid, gid: account.gid } : {});
// Messages are parsed for readiness, so they must be in English whatever the machine's language.
const childEnv = () => ({ ...process.env, LC_MESSAGES: "C", LANG: "C" });

/** Runs a PostgreSQL program to its end; a failure to even start it (EACCES, ENOENT) is an answer too. */
function run(file: string, args: string[], account: PostgresAccount): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { ...ids(account), env: childEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", (error) => resolve({ code: null, output: error.message }));
    child.once("close", (code) => resolve({ code, output }));
  });
}

async function initialise(bin: PostgresBinaries, dataDir: string, account: PostgresAccount): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  if (account) chownSync(dataDir, account.uid, account.gid);
  const secrets = mkdtempSync(path.join(tmpdir(), "pg-init-"));
  const passwordFile = path.join(secrets, "password");
  try {
    writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
    if (account) {
      chownSync(passwordFile, account.uid, account.gid);
      chmodSync(secrets, 0o711);
    }
    const locale = clusterLocale();
    const args = [
      `--pgdata=${dataDir}`,
      "--auth=password",
      `--username=${USER}`,
      `--pwfile=${passwordFile}`,
      "--encoding=UTF8",
      `--locale=${locale}`,
      "--lc-messages=C",
    ];
    const result = await run(bin.initdb, args, account);
    if (result.code !== 0)
      throw new EmbeddedPostgresError(
        `initdb could not create the embedded PostgreSQL cluster in ${dataDir}: ${lastLines(result.output)}`,
      );
  } finally {
    rmSync(secrets, { recursive: true, force: true });
  }
}

const lastLines = (text: string, count = 3) => text.trim().split("\n").slice(-count).join(" / ") || "no output";

/** Starts postgres and resolves once it accepts connections; rejects with its last words otherwise. */
function launch(bin: PostgresBinaries, options: Options, account: PostgresAccount): Promise<ChildProcess> {
  const args = [
    "-D",
    options.dataDir,
    "-p",
    String(options.port),
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "max_connections=200",
  ];
  const child = spawn(bin.postgres, args, { ...ids(account), env: childEnv(), stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(
        new EmbeddedPostgresError(
          `The embedded PostgreSQL in ${options.dataDir} did not start on 127.0.0.1:${options.port}: ${reason}`,
        ),
      );
    };
    const timer = setTimeout(
      () => fail(`not ready after ${START_TIMEOUT_MS / 1000}s (${lastLines(log)})`),
      START_TIMEOUT_MS,
    );
    // Kept draining for the cluster's whole life: a full pipe would block the server's logging.
    child.stderr.on("data", (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
      if (log.includes(READY)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once("error", (error) => fail(error.message));
    child.once("exit", (code, signal) => fail(`postgres exited (${code ?? signal}): ${lastLines(log)}`));
  });
}

async function createDatabase(port: number, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: embeddedUrl(port, "postgres") });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } catch (error) {
    // Another process of this checkout created it at the same moment.
    if ((error as { code?: string }).code !== "42P04") throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

function stopper(child: ChildProcess, options: Options): () => Promise<void> {
  let stopped: Promise<void> | undefined;
  return () =>
    (stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.kill("SIGINT"); // fast shutdown: rolls back open transactions, then a clean checkpoint
        const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.persistent) rmSync(options.dataDir, { recursive: true, force: true });
    })());
}

/**
 * Starts a PostgreSQL cluster from the binaries embedded-postgres installs: initdb on first use, then
 * postgres on 127.0.0.1. As root it runs as the postgres user (PostgreSQL refuses root), with the
 * binaries copied where that user can reach them when needed; the data directory must be reachable
 * (lib/base/db/cluster-location.ts picks one). Every failure is an EmbeddedPostgresError in one line.
 */
export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedCluster> {
  const account = postgresAccount();
  const bin = postgresBinaries(account);
  if (!existsSync(path.join(options.dataDir, "PG_VERSION"))) await initialise(bin, options.dataDir, account);
  let stop = stopper(await launch(bin, options, account), options);
  try {
    await createDatabase(options.port, options.database);
  } catch (error) {
    await stop();
    throw error;
  }
  const pause = async () => {
    // A non-persistent cluster deletes its data directory when stopped.
    if (!options.persistent) throw new EmbeddedPostgresError("only a persistent embedded cluster can be paused");
    await stop();
  };
  const resume = async () => {
    stop = stopper(await launch(bin, options, account), options);
  };
  return {
    url: embeddedUrl(options.port, options.database),
    port: options.port,
    dataDir: options.dataDir,
    stop: () => stop(),
    pause,
    resume,
  };
}
