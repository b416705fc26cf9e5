import type { ConsoleUser } from "@/lib/edge/auth/console-user";
import { prisma } from "@/lib/base/db/prisma";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import type { DayWindow } from "./get-day-window";
import { transactionScope } from "@/lib/domain/access/tenant-scope";

export type StatusCount = { status: TransactionStatus; count: number };

/** Transactions created in the window per status, most frequent first, within the user's tenancy. */
export async function countStatuses(user: ConsoleUser, window: DayWindow): Promise<StatusCount[]> {
  const groups = await prisma.transaction.groupBy({
    by: ["status"],
    where: { ...transactionScope(user), createdAt: { gte: window.periodStart } },
    _count: { _all: true },
  });
  return groups.map((g) => ({ status: g.status, count: g._count._all })).sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
}
