import { StartupRefusal } from "./embedded-postgres-error";

/**
 * How this process reaches PostgreSQL (docs/deploy.md, "Behind a connection pooler"):
 *  - `DATABASE_URL`: every ordinary statement and transaction; it may name a transaction-mode pooler
 *    (PgBouncer), which hands each transaction whichever server connection is free;
 *  - `DIRECT_DATABASE_URL` (default `DATABASE_URL`): what needs a session of its own, which such a pooler
 *    cannot give: migrations (their session advisory lock) and LISTEN (the job runner's wake-ups);
 *  - `DATABASE_POOLER`: `transaction`, `session` or `none`; unset, `transaction` when DIRECT_DATABASE_URL
 *    names another database address than DATABASE_URL (why else set it), else `none`;
 *  - `DATABASE_POOL_MAX`: the connections this process opens at most, all of them together.
 */
export type PoolerMode = "transaction" | "session" | "none";

type Env = Record<string, string | undefined>;

const POOLER_MODES: readonly PoolerMode[] = ["transaction", "session", "none"];

/**
 * Each process's connections when DATABASE_POOL_MAX is unset. Ten kept a 2-core host's worker busy in every
 * bench run (c=16: the pool is never the wait); `npm start` lowers it so that its workers fit the server's
 * max_connections (scripts/server-cluster.ts).
 */
export const DEFAULT_POOL_MAX = 10;
/** One pooled connection and the direct one: less could not serve and listen at once. */
export const MIN_POOL_MAX = 2;

export function poolerMode(env: Env = process.env): PoolerMode {
  const given = env.DATABASE_POOLER?.trim().toLowerCase();
  if (given) {
    if (!(POOLER_MODES as readonly string[]).includes(given)) {
      throw new StartupRefusal(
        `DATABASE_POOLER must be one of ${POOLER_MODES.join(", ")} (it is "${env.DATABASE_POOLER}").`,
      );
    }
    return given as PoolerMode;
  }
  const direct = env.DIRECT_DATABASE_URL?.trim();
  return direct && env.DATABASE_URL && direct !== env.DATABASE_URL.trim() ? "transaction" : "none";
}

/**
 * Named prepared statements live in one server session: a transaction-mode pooler hands the next statement to
 * another session, where the name is unknown (PgBouncer 1.18 has no protocol-level prepared statements; 1.21's
 * max_prepared_statements would). Behind one, the hot statements go unnamed (parsed on every run).
 */
export function namedStatementsAllowed(env: Env = process.env): boolean {
  return poolerMode(env) !== "transaction";
}

/** The connection for what needs a session: migrations' advisory lock, LISTEN. */
export function directDatabaseUrl(env: Env = process.env): string | undefined {
  return env.DIRECT_DATABASE_URL?.trim() || env.DATABASE_URL;
}

/** DATABASE_POOL_MAX (DATABASE_POOL_SIZE, its former name, still read when it is unset). */
export function poolMax(env: Env = process.env): number {
  const name =
    env.DATABASE_POOL_MAX !== undefined && env.DATABASE_POOL_MAX !== "" ? "DATABASE_POOL_MAX" : "DATABASE_POOL_SIZE";
  const raw = env[name];
  if (raw === undefined || raw === "") return DEFAULT_POOL_MAX;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < MIN_POOL_MAX) {
    throw new StartupRefusal(
      `${name} must be a whole number of connections, at least ${MIN_POOL_MAX} (one pooled and the direct one); it ` +
        `is "${raw}".`,
    );
  }
  return value;
}

/**
 * The connections of the process's pool on DATABASE_URL: its budget less the one direct connection it may hold
 * (the job runner's LISTEN, or the migrations' lock at start-up), so pool and listener together stay within
 * DATABASE_POOL_MAX.
 */
export function pooledConnections(env: Env = process.env): number {
  return poolMax(env) - 1;
}

/**
 * The name every connection of this process gives PostgreSQL (pg_stat_activity.application_name): which
 * process holds which connections, for an operator and for the test that counts them against the budget.
 */
export function applicationName(): string {
  return `pis:${process.pid}`;
}

/** One line's worth of what was chosen, for the start-up log. */
export function describeConnections(env: Env = process.env): Record<string, string | number | boolean> {
  return {
    pooler: poolerMode(env),
    named_statements: namedStatementsAllowed(env),
    pool_max: poolMax(env),
    direct_url: env.DIRECT_DATABASE_URL?.trim() ? "DIRECT_DATABASE_URL" : "DATABASE_URL",
  };
}
