import { logger } from "@/lib/base/observability/logger";
import { prisma, type Db } from "./prisma";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * Work that only matters once a transaction has committed (announcing outbox rows): values gathered under
 * one kind during the transaction are handed to its `flush` once, after COMMIT, never before and never when
 * the transaction rolls back.
 */
export type AfterCommitKind<T> = { name: string; flush: (values: T[]) => Promise<void> };

// Each kind with the values gathered for it; a kind only ever receives values of its own type.
type Collected = Map<AfterCommitKind<unknown>, unknown[]>;

// Keyed by the transaction client Prisma hands to the work: each transaction has its own.
const open = new WeakMap<object, Collected>();

type TransactionOptions = Parameters<PrismaClient["$transaction"]>[1];

/**
 * The one way the application opens a database transaction (lib/base/db/transaction.test.ts keeps it so):
 * prisma.$transaction with a collector for after-commit work, flushed once the commit has succeeded.
 */
export async function inTransaction<T>(
  work: (tx: Db) => Promise<T>,
  options?: TransactionOptions,
  client: PrismaClient = prisma,
): Promise<T> {
  const collected: Collected = new Map();
  const result = await client.$transaction(async (tx) => {
    open.set(tx, collected);
    try {
      return await work(tx);
    } finally {
      // Anything gathered after the work returned (a stray promise) would never be flushed: refuse it.
      open.delete(tx);
    }
  }, options);
  for (const [kind, values] of collected) await flush(kind, values);
  return result;
}

async function flush<T>(kind: AfterCommitKind<T>, values: T[]): Promise<void> {
  try {
    await kind.flush(values);
  } catch (error) {
    // The transaction has committed: its caller succeeded. What the flush announces is found again by the
    // periodic work that looks for it (the sweep), so a failure here is logged, never thrown.
    logger.warn(
      { err: String(error), kind: kind.name },
      "after-commit work failed; the periodic sweep will pick it up",
    );
  }
}

/**
 * Gathers `values` for `kind` on the transaction `db` is part of. On the root client (no transaction: the
 * write has already committed) they are flushed at once. A transaction opened some other way (a test's own
 * prisma.$transaction) has no collector: nothing is flushed and the periodic work finds the rows instead.
 */
export async function afterCommit<T>(db: Db, kind: AfterCommitKind<T>, values: T[]): Promise<void> {
  if (values.length === 0) return;
  const collected = open.get(db);
  if (collected) {
    const list = collected.get(kind as AfterCommitKind<unknown>) ?? [];
    list.push(...values);
    collected.set(kind as AfterCommitKind<unknown>, list);
    return;
  }
  // Only the root client has $connect: a transaction client is one Prisma made without it.
  if (typeof (db as { $connect?: unknown }).$connect === "function") return flush(kind, values);
  logger.debug(
    { kind: kind.name },
    "after-commit work in a transaction not opened by inTransaction: left to the sweep",
  );
}
