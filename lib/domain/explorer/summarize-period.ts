import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { prisma } from "@/lib/base/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import type { PaymentMethod } from "@/lib/generated/prisma/enums";
import { STATUS_READING_SQL, type StatusReading } from "@/lib/domain/payment-methods/status-reading";
import type { DayWindow } from "./get-day-window";
import { transactionScopeSql } from "@/lib/domain/access/transaction-scope-sql";
import { SETTLED_AMOUNT_SQL, SETTLED_STATUSES_SQL } from "./volume-sql";

/** One method on one local day; days and methods with nothing are absent (the chart fills in zeros). */
export type DailyMethodRow = { day: string; method: PaymentMethod; count: number; volume: string };

/** Counts are of transactions created; volumes are NUMERIC sums as decimal strings, never floats. */
export type Totals = { todayCount: number; todayVolume: string; periodCount: number; periodVolume: string };

/** Counts by the console's status words: a deposit staff rejected counts as rejected, not canceled. */
export type StatusCount = { status: StatusReading; count: number };

type Row = { day: string; method: PaymentMethod; status: StatusReading; count: number; volume: string };

const add = (a: string, b: string) => new Prisma.Decimal(a).plus(b).toFixed(2);

function totalsOf(rows: Row[], today: string): Totals {
  const totals: Totals = { todayCount: 0, todayVolume: "0.00", periodCount: 0, periodVolume: "0.00" };
  for (const r of rows) {
    totals.periodCount += r.count;
    totals.periodVolume = add(totals.periodVolume, r.volume);
    if (r.day !== today) continue;
    totals.todayCount += r.count;
    totals.todayVolume = add(totals.todayVolume, r.volume);
  }
  return totals;
}

/**
 * The dashboard's period figures from one scan of the window's transactions, grouped by local day,
 * method and status (a few hundred groups however many rows): the tiles (today and the period, overall
 * and per method), the daily chart and the status counts. Grouped by the calendar day in the console's
 * zone, not the database's, so bars match the "today" tile.
 */
export async function summarizePeriod(user: ConsoleUser, window: DayWindow) {
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, method, status, count, volume
    FROM (
      SELECT (t.created_at AT TIME ZONE ${window.timeZone})::date AS day, t.method::text AS method,
        ${STATUS_READING_SQL} AS status, count(*)::int AS count,
             COALESCE(sum(${SETTLED_AMOUNT_SQL}) FILTER (WHERE ${SETTLED_STATUSES_SQL}), 0.00)::text AS volume
        FROM transactions t
       WHERE t.created_at >= ${window.periodStart} AND ${transactionScopeSql(user)}
       GROUP BY 1, 2, 3) g
    ORDER BY 1, 2, 3`;
  const methods = [...new Set(rows.map((r) => r.method))].sort();
  const daily = new Map<string, DailyMethodRow>();
  const statuses = new Map<StatusReading, number>();
  for (const r of rows) {
    const key = `${r.day} ${r.method}`;
    const d = daily.get(key) ?? { day: r.day, method: r.method, count: 0, volume: "0.00" };
    daily.set(key, { ...d, count: d.count + r.count, volume: add(d.volume, r.volume) });
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + r.count);
  }
  return {
    totals: {
      overall: totalsOf(rows, window.today),
      byMethod: methods.map((method) => ({
        method,
        ...totalsOf(
          rows.filter((r) => r.method === method),
          window.today,
        ),
      })),
    },
    daily: [...daily.values()],
    statuses: [...statuses]
      .map(([status, count]) => ({ status, count }))
      .sort((a, b) => b.count - a.count || a.status.localeCompare(b.status)),
  };
}
