import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { logger } from "@/lib/base/observability/logger";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { applicationName, namedStatementsAllowed, pooledConnections } from "./connection-settings";

export type { Prisma } from "@/lib/generated/prisma/client";

/**
 * A client for a given database; the app uses the `prisma` singleton, tests may open others. Its pool takes the
 * process's budget less the direct connection (connection-settings.ts), unless told `max`.
 */
export function createPrismaClient(
  connectionString = process.env.DATABASE_URL,
  options: { max?: number } = {},
): PrismaClient {
  if (!connectionString) throw new Error("DATABASE_URL is not set (start the app with npm run dev / npm start)");
  // Our own pool, handed to the adapter, so its state can be measured and queryOn can run on it.
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? pooledConnections(),
    application_name: applicationName(),
  });
  // An idle connection the server closes (a restart, a fail-over) is dropped from the pool and the next
  // query opens another; unheard, that event would end the process.
  pool.on("error", (error) => logger.warn({ err: error.message }, "an idle database connection was closed"));
  // Prisma's defaults (2 s to get a connection, 5 s for the whole transaction) end a money transaction with a
  // 500 whenever the host is busy for a few seconds (a neighbour's build, a GC pause, PostgreSQL on the same two
  // cores); every statement in them is short, so a longer bound only lets a slow moment finish instead of
  // failing it. A transaction that truly hangs is still ended.
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    transactionOptions: { maxWait: 10_000, timeout: 15_000 },
  });
  // The adapter ends the pool on $disconnect only if Prisma itself ever connected; queryOn may have used it alone.
  const disconnect = client.$disconnect.bind(client);
  Object.assign(client, {
    $disconnect: async () => {
      await disconnect();
      if (!pool.ending) await pool.end();
    },
  });
  // Read once per client: behind a transaction-mode pooler the hot statements go unnamed (queryOn).
  pools().set(client, { pool, named: namedStatementsAllowed() });
  return client;
}

// On globalThis like the client itself: scripts/server.ts and Next's bundle are separate module instances.
const POOLS = Symbol.for("pis.prisma.pools");
type OwnPool = { pool: pg.Pool; named: boolean };
const pools = () => ((globalThis as { [POOLS]?: WeakMap<PrismaClient, OwnPool> })[POOLS] ??= new WeakMap());
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

/** The app client's connection pool right now: connections checked out, queries waiting for one, and its size. */
export function poolState(): { inUse: number; waiting: number; max: number } {
  const pool = globalForPrisma.prisma && pools().get(globalForPrisma.prisma)?.pool;
  return pool
    ? { inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }
    : { inUse: 0, waiting: 0, max: 0 };
}

/** One client per process (dev hot reloads reuse it). Created on first use, after DATABASE_URL is known. */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    globalForPrisma.prisma ??= createPrismaClient();
    const value = Reflect.get(globalForPrisma.prisma, property);
    return typeof value === "function" ? value.bind(globalForPrisma.prisma) : value;
  },
});

type Statement = { text: string; values: readonly unknown[] };

/**
 * A statement run on a client's own pool, without Prisma's client runtime: for the statements run on every
 * API request (authentication, the rate limit, the create) and by every callback sender, where the
 * runtime's work per query cost several times the CPU of the query itself (docs/performance.md, round
 * five). The SQL is the same (a `Prisma.sql` template has `text` and `values`). A `name` prepares the
 * statement once per connection: only for a text that never changes under that name. Behind a
 * transaction-mode pooler the name is dropped (the next run may reach another server session, which never
 * saw it): the statement is then parsed on every run, as Prisma's own are. On a transaction
 * client, or a client not made by createPrismaClient, it goes through Prisma (`$queryRawUnsafe`), so it
 * stays inside the transaction. Select only columns whose JavaScript type is the same both ways (int4,
 * text, boolean, timestamps, json): numeric and bigint arrive as strings from pg, as Decimal and bigint
 * from Prisma.
 */
export async function queryOn<T>(db: Db, statement: Statement, name?: string): Promise<T[]> {
  const own = pools().get(db as PrismaClient);
  if (!own) return db.$queryRawUnsafe<T[]>(statement.text, ...statement.values);
  const result = await own.pool.query<T & pg.QueryResultRow>({
    name: own.named ? name : undefined,
    text: statement.text,
    values: statement.values as unknown[],
  });
  return result.rows;
}

/** queryOn the app's client. */
export function poolQuery<T>(statement: Statement, name?: string): Promise<T[]> {
  globalForPrisma.prisma ??= createPrismaClient();
  return queryOn<T>(globalForPrisma.prisma, statement, name);
}

/** A transaction client or the root client: services accept either (formbricks style). */
export type Db = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

export async function disconnectPrisma(): Promise<void> {
  await globalForPrisma.prisma?.$disconnect();
  globalForPrisma.prisma = undefined;
}
