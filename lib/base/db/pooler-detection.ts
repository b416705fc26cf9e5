import pg from "pg";
import { applicationName } from "./connection-settings";
import { StartupRefusal } from "./embedded-postgres-error";

const ROUNDS = 4;

/**
 * Whether DATABASE_URL goes through a transaction-mode pooler: two client connections, each asking in turn which
 * PostgreSQL backend serves it. Straight to PostgreSQL every connection is one backend for its life; behind a
 * transaction pooler (PgBouncer's pool_mode=transaction, or statement) each transaction takes whichever server
 * connection is free, so one client sees its backend change, or two clients see the same one (PgBouncer hands out
 * the most recently used). A session-mode pooler keeps each client on one backend and is not reported: it is
 * what a session needs.
 */
export async function servesTransactionsFromAPool(url: string): Promise<boolean> {
  const clients = [0, 1].map(() => new pg.Client({ connectionString: url, application_name: applicationName() }));
  try {
    for (const client of clients) await client.connect();
    const seen = clients.map(() => new Set<number>());
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, client] of clients.entries()) {
        const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
        seen[i]!.add(rows[0]!.pid);
      }
    }
    const [a, b] = seen as [Set<number>, Set<number>];
    return a.size > 1 || b.size > 1 || [...a].some((pid) => b.has(pid));
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => {})));
  }
}

export const UNDECLARED_POOLER =
  "DATABASE_URL goes through a transaction pooler (its connections share PostgreSQL backends) and " +
  "DIRECT_DATABASE_URL is not set: migrations and the job runner's LISTEN need a session of their own, and named " +
  "prepared statements would collide. Set DIRECT_DATABASE_URL to PostgreSQL itself (not the pooler) and " +
  'DATABASE_POOLER=transaction (docs/deploy.md, "Behind a connection pooler").';

/**
 * Refuses a DATABASE_URL that is a transaction pooler nobody declared: without DIRECT_DATABASE_URL the server would
 * run its migrations' advisory lock and LISTEN through it and answer creates with 500 (`prepared statement ...
 * already exists`) under load. Declared (DIRECT_DATABASE_URL set, or DATABASE_POOLER given) it is the operator's
 * word and is not probed.
 */
export async function refuseUndeclaredPooler(env: Record<string, string | undefined> = process.env): Promise<void> {
  if (!env.DATABASE_URL || env.DIRECT_DATABASE_URL?.trim() || env.DATABASE_POOLER?.trim()) return;
  if (await servesTransactionsFromAPool(env.DATABASE_URL)) throw new StartupRefusal(UNDECLARED_POOLER);
}
