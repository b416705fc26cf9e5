import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { prisma } from "@/lib/base/db/prisma";
import type { TransactionFilters } from "@/lib/domain/schemas/transaction-filters";
import { COUNT_CAP, cappedTotal } from "@/lib/domain/explorer/capped-count";
import { transactionWhere } from "./transaction-where";

export const TRANSACTIONS_PAGE_SIZE = 50;

/** One page of the explorer, newest first, with the total (capped) for the pager. */
export async function listTransactions(user: ConsoleUser, filters: TransactionFilters) {
  const where = transactionWhere(user, filters);
  const [total, rows] = await Promise.all([
    prisma.transaction.count({ where, take: COUNT_CAP + 1 }),
    prisma.transaction.findMany({
      where,
      // created_at first: it is what the (tenant, created_at) indexes are ordered by; id breaks ties.
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (filters.page - 1) * TRANSACTIONS_PAGE_SIZE,
      take: TRANSACTIONS_PAGE_SIZE,
      select: {
        id: true,
        trackingCode: true,
        method: true,
        direction: true,
        origin: true,
        status: true,
        userId: true,
        username: true,
        fullname: true,
        amount: true,
        finalAmount: true,
        currency: true,
        createdAt: true,
        site: { select: { name: true } },
        dealer: { select: { name: true } },
      },
    }),
  ]);
  return { ...cappedTotal(total, TRANSACTIONS_PAGE_SIZE), rows };
}
