import type { ConsoleUser } from "@/lib/edge/auth/console-user";
import { prisma } from "@/lib/base/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import type { PaymentMethod } from "@/lib/generated/prisma/enums";
import type { DayWindow } from "./get-day-window";
import { transactionScopeSql } from "@/lib/domain/access/transaction-scope-sql";
import { SETTLED_AMOUNT_SQL, SETTLED_STATUSES_SQL } from "./volume-sql";

/** Counts are of transactions created; volumes are NUMERIC sums as decimal strings, never floats. */
export type Totals = { todayCount: number; todayVolume: string; periodCount: number; periodVolume: string };

type Row = { method: PaymentMethod | null; today_count: number; today_volume: string; period_count: number; period_volume: string };

const ZERO: Totals = { todayCount: 0, todayVolume: "0.00", periodCount: 0, periodVolume: "0.00" };

/** Today's and the window's counts and settled volume, overall and per method, within the user's tenancy. */
export async function sumTransactions(user: ConsoleUser, window: DayWindow) {
  const settledToday = Prisma.sql`${SETTLED_STATUSES_SQL} AND t.created_at >= ${window.todayStart}`;
  // ROLLUP adds the all-methods row (method NULL), so the overall tiles come from the same scan.
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT t.method::text AS method,
           count(*) FILTER (WHERE t.created_at >= ${window.todayStart})::int AS today_count,
           COALESCE(sum(${SETTLED_AMOUNT_SQL}) FILTER (WHERE ${settledToday}), 0.00)::text AS today_volume,
           count(*)::int AS period_count,
           COALESCE(sum(${SETTLED_AMOUNT_SQL}) FILTER (WHERE ${SETTLED_STATUSES_SQL}), 0.00)::text AS period_volume
      FROM transactions t
     WHERE t.created_at >= ${window.periodStart} AND ${transactionScopeSql(user)}
     GROUP BY ROLLUP (t.method)`;
  const toTotals = (r: Row): Totals => ({ todayCount: r.today_count, todayVolume: r.today_volume, periodCount: r.period_count, periodVolume: r.period_volume });
  const overall = rows.find((r) => r.method === null);
  return {
    overall: overall ? toTotals(overall) : ZERO,
    byMethod: rows.filter((r) => r.method !== null).map((r) => ({ method: r.method as PaymentMethod, ...toTotals(r) })),
  };
}
