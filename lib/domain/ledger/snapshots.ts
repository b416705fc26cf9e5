import { Prisma } from "@/lib/generated/prisma/client";
import { settings } from "@/lib/base/config/settings";
import { prisma, type Db } from "@/lib/base/db/prisma";

/**
 * Daily snapshots (docs/ledger.md "Reading balances as of a moment"): a closed day's closing balance per account
 * that moved that day, so a balance reads the last snapshot and the entries since rather than every entry
 * from the beginning. The entries stay the truth: snapshots are derived, dropped from a day on when a set is
 * posted back into it (a trigger), and written again by the next round.
 */

/**
 * How long after a day's end it is closed. A set's posted_at is its database transaction's start, and the
 * transaction may commit a little later: well within this, since every transaction of the service is short.
 */
export const CLOSE_AFTER_MINUTES = 10;

/** The days one round closes at most (the first round on a large book reads it all once). */
const MAX_DAYS_PER_ROUND = 366;

/**
 * Closes every day that is due (ended CLOSE_AFTER_MINUTES before `now`, in the service zone): the housekeeping
 * task. Idempotent and safe on several instances at once: one closes (advisory lock), the others answer busy.
 */
export async function closeLedgerDays(now: Date, db: Db = prisma): Promise<{ closed: number; busy: boolean }> {
  const [row] = await db.$queryRaw<{ closed: number }[]>`
    SELECT ledger_close_days(${now}::timestamptz, ${settings.timeZone}, make_interval(mins =>
      ${CLOSE_AFTER_MINUTES}::int), ${MAX_DAYS_PER_ROUND}::int) AS closed`;
  const closed = Number(row?.closed ?? 0);
  return closed < 0 ? { closed: 0, busy: true } : { closed, busy: false };
}

/**
 * The stored balance (debits positive) of the account whose id is the SQL expression `account`, at `at`: the
 * last snapshot of a closed day that ended at or before `at`, plus the account's entries posted from that
 * day's end until `at` (included when `inclusive`, for "as of"; excluded for "at the start of"). Both reads go
 * through an index: the snapshots' key and the entries' balance index. Read in one statement, so a round
 * closing days meanwhile is seen whole or not at all.
 */
export function balanceAt(account: Prisma.Sql, at: Date, inclusive: boolean): Prisma.Sql {
  const until = inclusive
    ? Prisma.sql`e.posted_at <= ${at}::timestamptz`
    : Prisma.sql`e.posted_at < ${at}::timestamptz`;
  return Prisma.sql`(
    COALESCE((SELECT s.balance FROM ledger_snapshots s
              WHERE s.account_id = ${account} AND s.day <= (SELECT max(c.day) FROM ledger_closed_days c WHERE
                c.ends_at <= ${at}::timestamptz)
              ORDER BY s.day DESC LIMIT 1), 0)
    + COALESCE((SELECT sum(e.amount) FROM ledger_entries e
                WHERE e.account_id = ${account}
                  AND e.posted_at >= COALESCE((SELECT max(c.ends_at) FROM ledger_closed_days c WHERE c.ends_at <=
                    ${at}::timestamptz), '-infinity'::timestamptz)
                  AND ${until}), 0))`;
}
