import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { prisma } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TransactionFilters } from "@/lib/domain/schemas/transaction-filters";
import { COUNT_CAP, cappedTotal } from "@/lib/domain/explorer/capped-count";
import { transactionWhere } from "./transaction-where";

export const TRANSACTIONS_PAGE_SIZE = 50;

// created_at first: it is what the (tenant, created_at) indexes are ordered by; id breaks ties.
const NEWEST_FIRST: Prisma.TransactionOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

const ROW = {
  id: true,
  trackingCode: true,
  method: true,
  direction: true,
  origin: true,
  status: true,
  canceledBy: true,
  userId: true,
  username: true,
  fullname: true,
  amount: true,
  finalAmount: true,
  currency: true,
  createdAt: true,
  site: { select: { name: true } },
  dealer: { select: { name: true } },
} satisfies Prisma.TransactionSelect;

/** One page of the explorer, newest first, with the total (capped) for the pager. */
export async function listTransactions(user: ConsoleUser, filters: TransactionFilters) {
  const where = transactionWhere(user, filters);
  const skip = (filters.page - 1) * TRANSACTIONS_PAGE_SIZE;
  // Pages beyond the cap are read as before (the ids below stop at the cap).
  if (filters.q && skip + TRANSACTIONS_PAGE_SIZE <= COUNT_CAP) return searchPage(where, skip);
  // Without a search box the newest-first index serves the page and the count reads the same index: two
  // cheap statements side by side.
  const [total, rows] = await Promise.all([
    prisma.transaction.count({ where, take: COUNT_CAP + 1 }),
    prisma.transaction.findMany({ where, orderBy: NEWEST_FIRST, skip, take: TRANSACTIONS_PAGE_SIZE, select: ROW }),
  ]);
  return { ...cappedTotal(total, TRANSACTIONS_PAGE_SIZE), rows };
}

/**
 * A search is served by the trigram indexes, whose bitmap is the costly part and grows with the table (a
 * common trigram lists most rows). Counting and paging in separate statements would build it twice; here
 * it is built once: the matching ids (up to the cap, newest first) give both the count and the page, and
 * the page's rows are then read by primary key.
 */
async function searchPage(where: Prisma.TransactionWhereInput, skip: number) {
  const matches = await prisma.transaction.findMany({
    where,
    orderBy: NEWEST_FIRST,
    take: COUNT_CAP + 1,
    select: { id: true },
  });
  const pageIds = matches.slice(skip, skip + TRANSACTIONS_PAGE_SIZE).map((m) => m.id);
  const rows =
    pageIds.length === 0
      ? []
      : await prisma.transaction.findMany({ where: { id: { in: pageIds } }, orderBy: NEWEST_FIRST, select: ROW });
  return { ...cappedTotal(matches.length, TRANSACTIONS_PAGE_SIZE), rows };
}
