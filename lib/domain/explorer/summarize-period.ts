import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { prisma } from "@/lib/base/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import type { PaymentMethod } from "@/lib/domain/payment-methods";
import { STATUS_READING_SQL, type StatusReading } from "@/lib/domain/payment-methods/status-reading";
import type { DayWindow } from "./get-day-window";
import { transactionScopeSql } from "@/lib/domain/access/transaction-scope-sql";
import { MONEY_IN_SQL, MONEY_OUT_SQL, SETTLED_AMOUNT_SQL, SETTLED_STATUSES_SQL } from "./volume-sql";

/** One method on one local day; days and methods with nothing are absent (the chart fills in zeros). */
export type DailyMethodRow = { day: string; method: PaymentMethod; count: number; volume: string };

/**
 * Counts are of transactions created; volumes are NUMERIC sums as decimal strings, never floats. `volume` is the
 * settled volume of every direction (the charts' and the per-method table's); `in` is what customers paid (settled
 * deposits and card payments, refunded ones included: that money came in), `out` what left (completed withdrawals,
 * and card refunds made in the period), so in minus out is the net.
 */
export type Totals = {
  todayCount: number;
  todayVolume: string;
  periodCount: number;
  periodVolume: string;
  todayIn: string;
  todayOut: string;
  periodIn: string;
  periodOut: string;
  todayNet: string;
  periodNet: string;
};

/** Counts by the console's status words: a deposit staff rejected counts as rejected, not canceled. */
export type StatusCount = { status: StatusReading; count: number };

type Row = {
  day: string;
  method: PaymentMethod;
  status: StatusReading;
  count: number;
  volume: string;
  moneyIn: string;
  moneyOut: string;
};

const add = (a: string, b: string) => new Prisma.Decimal(a).plus(b).toFixed(2);

const ZERO = "0.00";

function totalsOf(rows: Row[], today: string, refunds: { day: string; amount: string }[] = []): Totals {
  const totals: Totals = {
    todayCount: 0,
    todayVolume: ZERO,
    periodCount: 0,
    periodVolume: ZERO,
    todayIn: ZERO,
    todayOut: ZERO,
    periodIn: ZERO,
    periodOut: ZERO,
    todayNet: ZERO,
    periodNet: ZERO,
  };
  for (const r of rows) {
    totals.periodCount += r.count;
    totals.periodVolume = add(totals.periodVolume, r.volume);
    totals.periodIn = add(totals.periodIn, r.moneyIn);
    totals.periodOut = add(totals.periodOut, r.moneyOut);
    if (r.day !== today) continue;
    totals.todayCount += r.count;
    totals.todayVolume = add(totals.todayVolume, r.volume);
    totals.todayIn = add(totals.todayIn, r.moneyIn);
    totals.todayOut = add(totals.todayOut, r.moneyOut);
  }
  for (const r of refunds) {
    totals.periodOut = add(totals.periodOut, r.amount);
    if (r.day === today) totals.todayOut = add(totals.todayOut, r.amount);
  }
  totals.todayNet = new Prisma.Decimal(totals.todayIn).minus(totals.todayOut).toFixed(2);
  totals.periodNet = new Prisma.Decimal(totals.periodIn).minus(totals.periodOut).toFixed(2);
  return totals;
}

/**
 * The dashboard's period figures from one scan of the window's transactions, grouped by local day,
 * method and status (a few hundred groups however many rows): the tiles (today and the period, overall
 * and per method), the daily chart and the status counts. Grouped by the calendar day in the console's
 * zone, not the database's, so bars match the "today" tile.
 */
export async function summarizePeriod(user: ConsoleUser, window: DayWindow) {
  const [rows, refunds] = await Promise.all([
    prisma.$queryRaw<Row[]>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, method, status, count, volume, "moneyIn", "moneyOut"
    FROM (
      SELECT (t.created_at AT TIME ZONE ${window.timeZone})::date AS day, t.method::text AS method,
        ${STATUS_READING_SQL} AS status, count(*)::int AS count,
             COALESCE(sum(${SETTLED_AMOUNT_SQL}) FILTER (WHERE ${SETTLED_STATUSES_SQL}), 0.00)::text AS volume,
             COALESCE(sum(${SETTLED_AMOUNT_SQL}) FILTER (WHERE ${MONEY_IN_SQL}), 0.00)::text AS "moneyIn",
             COALESCE(sum(${SETTLED_AMOUNT_SQL}) FILTER (WHERE ${MONEY_OUT_SQL}), 0.00)::text AS "moneyOut"
        FROM transactions t
       WHERE t.created_at >= ${window.periodStart} AND ${transactionScopeSql(user)}
       GROUP BY 1, 2, 3) g
    ORDER BY 1, 2, 3`,
    // Card refunds given back in the period, by the day they were made: money out of a payment of any day.
    prisma.$queryRaw<{ day: string; amount: string }[]>`
    SELECT to_char((r.created_at AT TIME ZONE ${window.timeZone})::date, 'YYYY-MM-DD') AS day,
           sum(r.amount)::text AS amount
      FROM card_refunds r JOIN transactions t ON t.id = r.transaction_id
     WHERE r.status = 'approved' AND r.created_at >= ${window.periodStart} AND ${transactionScopeSql(user)}
     GROUP BY 1`,
  ]);
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
      overall: totalsOf(rows, window.today, refunds),
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
