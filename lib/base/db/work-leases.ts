import { randomUUID } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/base/observability/logger";
import type { Db } from "./prisma";

/**
 * Named work that one process of the fleet does at a time, once per interval (table `work_leases`): every
 * worker of every replica asks, the first to ask once the work is due gets it, the others are told no.
 *
 * A lease row per name rather than an advisory lock: a session lock does not survive a transaction-mode
 * pooler (the next statement may run on another server session), and a transaction-level one would hold a
 * transaction, and a pooled server connection, open for the whole run, partner calls included. Each claim
 * takes a new token; renewing and releasing are fenced by it, and `leaseHeld` lets the work's own writes be
 * fenced too, so a holder that stalled past its lease (and was replaced) changes nothing. Times are the
 * database's clock, the one all replicas share.
 */
export type WorkLease = { name: string; token: string };

export type LeaseTerms = {
  /** Who holds it, for an operator reading the table (host, pid). */
  holder: string;
  /**
   * The work's slot: time on the database clock cut into slots of this length (from the epoch), and the work
   * done at most once per slot in the whole fleet. A claim makes it due again when the next slot starts, so
   * a process that asks a few times per slot finds each slot's run whether or not it was the one to do it.
   */
  everyMs: number;
  /** How long a claim holds without renewal: a holder that dies frees the work after this. */
  leaseMs: number;
};

const seconds = (ms: number) => ms / 1000;

/** The start of the slot after the current one, on the database clock. */
const nextSlot = (everyMs: number) =>
  Prisma.sql`to_timestamp((floor(extract(epoch FROM now()) * 1000 / ${everyMs}::float8) + 1) * ${everyMs}::float8 /
    1000)`;

/**
 * Of `names`, those that are due and not held right now (never claimed counts as due): one read, so a process
 * that asks often claims only what it may get.
 */
export async function dueWork(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.$queryRaw<{ name: string }[]>`
    SELECT n AS name FROM unnest(${names}::text[]) AS n
    WHERE NOT EXISTS (SELECT 1 FROM work_leases l WHERE l.name = n AND (l.due_at > now() OR l.leased_until > now()))`;
  return new Set(rows.map((r) => r.name));
}

/**
 * Claims `name` if it is due and no live lease holds it; null otherwise. One statement: concurrent claimers
 * queue on the row (or on its key, for the first claim ever), and each re-reads it before deciding, so exactly
 * one of them gets it.
 */
export async function claimWork(db: Db, name: string, terms: LeaseTerms): Promise<WorkLease | null> {
  const token = randomUUID();
  const rows = await db.$queryRaw<{ token: string }[]>`
    INSERT INTO work_leases AS l (name, holder, token, leased_until, due_at, started_at, runs)
    VALUES (${name}, ${terms.holder}, ${token}::uuid, now() + make_interval(secs => ${seconds(terms.leaseMs)}::float8),
            ${nextSlot(terms.everyMs)}, now(), 1)
    ON CONFLICT (name) DO UPDATE
      SET holder = EXCLUDED.holder, token = EXCLUDED.token, leased_until = EXCLUDED.leased_until,
          due_at = EXCLUDED.due_at, started_at = EXCLUDED.started_at, runs = l.runs + 1
      WHERE l.due_at <= now() AND (l.leased_until IS NULL OR l.leased_until <= now())
    RETURNING token::text AS token`;
  return rows.length ? { name, token } : null;
}

/** Extends a lease still held under its token; false when another claim has replaced it. */
export async function renewWork(db: Db, lease: WorkLease, leaseMs: number): Promise<boolean> {
  const renewed = await db.$executeRaw`
    UPDATE work_leases SET leased_until = now() + make_interval(secs => ${seconds(leaseMs)}::float8)
    WHERE name = ${lease.name} AND token = ${lease.token}::uuid`;
  return renewed === 1;
}

/**
 * Gives the work back: the next claim may come once it is due again (`dueInMs` from now when given, else the
 * next slot, as the claim set). A lease another claim has replaced is left alone.
 */
export async function releaseWork(db: Db, lease: WorkLease, options: { dueInMs?: number } = {}): Promise<void> {
  const due =
    options.dueInMs === undefined
      ? Prisma.sql`due_at`
      : Prisma.sql`now() + make_interval(secs => ${seconds(options.dueInMs)}::float8)`;
  await db.$executeRaw`
    UPDATE work_leases SET leased_until = NULL, finished_at = now(), due_at = ${due}
    WHERE name = ${lease.name} AND token = ${lease.token}::uuid`;
}

/**
 * A condition for the work's own statements (`UPDATE ... WHERE ... AND ${leaseHeld(lease)}`): true only while
 * this claim's lease is live, so a holder that lost it writes nothing.
 */
export function leaseHeld(lease: WorkLease): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM work_leases WHERE name = ${lease.name} AND token = ${lease.token}::uuid
    AND leased_until > now())`;
}

export type LeasedRun<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs `work` if this process claims `name` (claimWork), renewing the lease every third of its length while it
 * runs and releasing it after, also when the work throws (which is then rethrown). A renewal that fails is
 * logged: the work cannot be stopped half way, and whoever took it over must be safe beside it anyway.
 */
export async function runLeased<T>(
  db: Db,
  name: string,
  terms: LeaseTerms,
  work: (lease: WorkLease) => Promise<T>,
): Promise<LeasedRun<T>> {
  const lease = await claimWork(db, name, terms);
  if (!lease) return { ran: false };
  const renewal = setInterval(
    () => {
      renewWork(db, lease, terms.leaseMs).then(
        (held) =>
          held ||
          logger.warn({ work: name }, "work lease taken over while running: another process may be doing it too"),
        (error: unknown) => logger.warn({ work: name, err: String(error) }, "work lease could not be renewed"),
      );
    },
    Math.max(1000, terms.leaseMs / 3),
  );
  renewal.unref();
  try {
    return { ran: true, result: await work(lease) };
  } finally {
    clearInterval(renewal);
    await releaseWork(db, lease).catch((error: unknown) =>
      logger.warn({ work: name, err: String(error) }, "work lease not released; it lapses"),
    );
  }
}
