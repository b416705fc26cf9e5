import type { ConsoleUser } from "@/lib/edge/auth/console-user";
import { prisma } from "@/lib/base/db/prisma";
import type { PaymentMethod } from "@/lib/generated/prisma/enums";
import type { DayWindow } from "./get-day-window";
import { transactionScopeSql } from "@/lib/domain/access/transaction-scope-sql";
import { SETTLED_AMOUNT_SQL, SETTLED_STATUSES_SQL } from "./volume-sql";

/** One method on one local day; days and methods with nothing are absent (the chart fills in zeros). */
export type DailyMethodRow = { day: string; method: PaymentMethod; count: number; volume: string };

/** Per local day and method: transactions created and their settled volume, within the user's tenancy. */
export async function listDailyVolume(user: ConsoleUser, window: DayWindow): Promise<DailyMethodRow[]> {
  // Grouped by the calendar day in the console's zone, not the database's, so bars match the "today" tile.
  return prisma.$queryRaw<DailyMethodRow[]>`
    SELECT to_char(t.created_at AT TIME ZONE ${window.timeZone}, 'YYYY-MM-DD') AS day,
           t.method::text AS method,
           count(*)::int AS count,
           COALESCE(sum(${SETTLED_AMOUNT_SQL}) FILTER (WHERE ${SETTLED_STATUSES_SQL}), 0.00)::text AS volume
      FROM transactions t
     WHERE t.created_at >= ${window.periodStart} AND ${transactionScopeSql(user)}
     GROUP BY 1, 2
     ORDER BY 1, 2`;
}
