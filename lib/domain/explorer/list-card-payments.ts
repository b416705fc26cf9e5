import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { prisma } from "@/lib/base/db/prisma";
import { escapeLike } from "@/lib/base/db/escape-like";
import type { TransactionFilters } from "@/lib/domain/schemas/transaction-filters";
import { COUNT_CAP, cappedTotal } from "./capped-count";
import { summarizeRefunds } from "./refund-summary";
import { transactionSearch, transactionWhere } from "./transaction-where";

export const CARD_PAYMENTS_PAGE_SIZE = 50;

/**
 * One page of card payments, newest first, inside the user's tenancy: the explorer's filters with the method
 * fixed to cards, and a search that also finds the merchant's order id (what a card customer quotes).
 */
export async function listCardPayments(user: ConsoleUser, filters: TransactionFilters) {
  const q = filters.q;
  const base = transactionWhere(user, { ...filters, q: undefined, method: "CREDIT_CARD" });
  const where = q
    ? {
        AND: [
          base,
          { OR: [transactionSearch(q), { orderId: { startsWith: escapeLike(q), mode: "insensitive" as const } }] },
        ],
      }
    : base;
  const [total, rows] = await Promise.all([
    prisma.transaction.count({ where, take: COUNT_CAP + 1 }),
    prisma.transaction.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (filters.page - 1) * CARD_PAYMENTS_PAGE_SIZE,
      take: CARD_PAYMENTS_PAGE_SIZE,
      include: { site: { select: { name: true } }, cardRefunds: { select: { amount: true, status: true } } },
    }),
  ]);
  // What each payment has given back and has left, from its refund rows as they stand.
  return {
    ...cappedTotal(total, CARD_PAYMENTS_PAGE_SIZE),
    rows: rows.map(({ cardRefunds, ...row }) => ({ ...row, refunds: summarizeRefunds(row.amount, cardRefunds) })),
  };
}
