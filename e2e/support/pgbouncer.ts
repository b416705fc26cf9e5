import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { postgresAccount } from "@/lib/base/db/postgres-account";
import { freePort } from "./free-port";

/** A PgBouncer in front of a test database: `url` for the app (DATABASE_URL), `stats()` from its admin console. */
export type PgBouncer = {
  url: string;
  port: number;
  pid: number;
  stats: () => Promise<PoolerStats>;
  /** The settings it runs with (SHOW CONFIG: key to value). */
  config: () => Promise<Record<string, string>>;
  stop: () => Promise<void>;
};
export type PoolerStats = {
  transactions: number;
  queries: number;
  serverConnections: number;
  clientConnections: number;
};

/** Where Debian's package puts it; `PGBOUNCER_BIN` names another. */
export function pgbouncerBinary(): string | null {
  const candidates = [process.env.PGBOUNCER_BIN, "/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].filter((p): p is string =>
    Boolean(p),
  );
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  const which = spawnSync("sh", ["-c", "command -v pgbouncer"], { encoding: "utf8" });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/**
 * Says why a test that needs PgBouncer cannot run: CI installs Debian's package (.ci/run), so there its absence
 * fails the test; elsewhere the test is skipped with this line.
 */
export const PGBOUNCER_MISSING =
  "PgBouncer is not installed (Debian: apt-get install pgbouncer; .ci/run installs it): the pooler tests need the real binary";

type Options = { poolMode?: "transaction" | "session"; poolSize?: number; maxClients?: number };

function readyOnce(child: ChildProcess, port: number, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`pgbouncer did not listen on 127.0.0.1:${port} within 20 s:\n${output()}`)),
      20_000,
    );
    const check = (chunk: Buffer) => {
      if (/listening on 127\.0\.0\.1:\d+/.test(chunk.toString()) || /process up/.test(output())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", check);
    child.stderr?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`pgbouncer exited (${code}) before listening:\n${output()}`));
    });
  });
}

/**
 * Starts Debian's PgBouncer on 127.0.0.1 in front of `upstreamUrl` (the embedded test cluster), with a
 * generated ini: `pool_mode` transaction unless told, `default_pool_size` server connections. Clients log in
 * with the upstream's user and password (md5, from a generated auth file); `admin_users` lets `stats()` read
 * SHOW STATS.
 */
export async function startPgBouncer(upstreamUrl: string, options: Options = {}): Promise<PgBouncer> {
  const upstream = new URL(upstreamUrl);
  const user = decodeURIComponent(upstream.username);
  const password = decodeURIComponent(upstream.password);
  const database = upstream.pathname.slice(1);
  return launchPgBouncer({ user, password, database }, ({ port, authFile }) =>
    [
      "[databases]",
      `${database} = host=${upstream.hostname} port=${upstream.port} dbname=${database} user=${user} password=${password}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = md5",
      `auth_file = ${authFile}`,
      `admin_users = ${user}`,
      `pool_mode = ${options.poolMode ?? "transaction"}`,
      `default_pool_size = ${options.poolSize ?? 10}`,
      `max_client_conn = ${options.maxClients ?? 500}`,
      "log_connections = 0",
      "log_disconnections = 0",
      "",
    ].join("\n"),
  );
}

/** Where a PgBouncer being started listens and keeps its files, for the ini that configures it. */
export type PgBouncerPlace = { port: number; dir: string; authFile: string };

/**
 * Runs Debian's PgBouncer with the ini `writeIni` returns for a free port on 127.0.0.1 and a private temp dir
 * holding the auth file (`"user" "password"`, one client account). As root it runs as the postgres user
 * (PgBouncer refuses root), like the embedded cluster. `account.database` is the name clients connect to;
 * the account must be an admin or stats user of the ini for `stats()`.
 */
export async function launchPgBouncer(
  account: { user: string; password: string; database: string },
  writeIni: (place: PgBouncerPlace) => string,
): Promise<PgBouncer> {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error(PGBOUNCER_MISSING);
  const { user, password, database } = account;
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "pis-pgbouncer-"));
  const ini = path.join(dir, "pgbouncer.ini");
  const authFile = path.join(dir, "userlist.txt");
  const quote = (s: string) => s.replaceAll('"', '""');
  writeFileSync(authFile, `"${quote(user)}" "${quote(password)}"\n`, { mode: 0o600 });
  writeFileSync(ini, writeIni({ port, dir, authFile }), { mode: 0o600 });
  const runAs = postgresAccount();
  if (runAs) {
    chownSync(dir, runAs.uid, runAs.gid);
    for (const file of ["pgbouncer.ini", "userlist.txt"]) chownSync(path.join(dir, file), runAs.uid, runAs.gid);
  }
  chmodSync(dir, 0o700);
  const child = spawn(binary, [ini], {
    ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const collect = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-8000));
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  try {
    await readyOnce(child, port, () => log);
  } catch (error) {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  // The admin console speaks the simple query protocol only: no parameters.
  const adminConsole = async <T>(
    read: (show: (command: string) => Promise<Record<string, string>[]>) => Promise<T>,
  ): Promise<T> => {
    const admin = new pg.Client({
      connectionString: `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/pgbouncer`,
    });
    await admin.connect();
    try {
      return await read(async (command) => (await admin.query<Record<string, string>>(command)).rows);
    } finally {
      await admin.end().catch(() => {});
    }
  };
  const stats = () =>
    adminConsole(async (show): Promise<PoolerStats> => {
      const statsRows = (await show("SHOW STATS")).filter((r) => r.database === database);
      const pools = (await show("SHOW POOLS")).filter((r) => r.database === database);
      const sum = (rows: Record<string, string>[], ...columns: string[]) =>
        rows.reduce((total, r) => total + columns.reduce((s, c) => s + Number(r[c] ?? 0), 0), 0);
      return {
        transactions: sum(statsRows, "total_xact_count"),
        queries: sum(statsRows, "total_query_count"),
        serverConnections: sum(pools, "sv_active", "sv_idle", "sv_used", "sv_tested", "sv_login"),
        clientConnections: sum(pools, "cl_active", "cl_waiting"),
      };
    });
  const config = () =>
    adminConsole(async (show) => Object.fromEntries((await show("SHOW CONFIG")).map((r) => [r.key!, r.value ?? ""])));
  return {
    url,
    port,
    pid: child.pid!,
    stats,
    config,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGINT");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        child.kill("SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
