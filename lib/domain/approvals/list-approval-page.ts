import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { prisma } from "@/lib/base/db/prisma";
import type { TransactionFilters } from "@/lib/domain/schemas/transaction-filters";
import { transactionWhere } from "@/lib/domain/explorer/transaction-where";
import { customerAmountChange } from "./customer-amount-change";
import { tabWhere, type TransactionTab } from "./approval-tabs";

export const APPROVALS_PAGE_SIZE = 20;

/**
 * One page of one approval queue, oldest first (the longest wait on top), with the explorer's filters and
 * search (the same where, so the user's tenancy applies first), and the unmatched incoming payments of the
 * E-IBAN wallets on the page for matching by hand.
 */
export async function listApprovalPage(user: ConsoleUser, tab: TransactionTab, filters: TransactionFilters) {
  const where = { AND: [transactionWhere(user, filters), tabWhere(tab)] };
  const [total, rows] = await Promise.all([
    prisma.transaction.count({ where }),
    prisma.transaction.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      skip: (filters.page - 1) * APPROVALS_PAGE_SIZE,
      take: APPROVALS_PAGE_SIZE,
      include: {
        site: { select: { name: true } },
        transfer: true,
        eibanWallet: { select: { id: true, walletId: true } },
        // An open proposal awaiting a second approval: the row shows it instead of a second approve button.
        secondApprovals: { where: { openFor: { not: null } }, select: { id: true, proposedBy: true, amount: true } },
        // The customer's own history rows: an amount changed on the payment page is one of them.
        events: {
          where: { actorType: "CUSTOMER" },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: { actorType: true, noteKey: true, noteParams: true },
        },
      },
    }),
  ]);
  const walletIds = [...new Set(rows.map((d) => d.eibanWallet?.id).filter((id): id is number => Boolean(id)))];
  const unmatched = walletIds.length
    ? await prisma.eibanTransaction.findMany({
        where: { walletId: { in: walletIds }, direction: "incoming", matchedTransactionId: null },
        orderBy: { occurredAt: "desc" },
        take: 200,
      })
    : [];
  const withChanges = rows.map(({ events, ...row }) => ({
    ...row,
    customerAmountChange: row.direction === "DEPOSIT" ? customerAmountChange(events, row.amount.toFixed(2)) : null,
  }));
  return { rows: withChanges, total, pages: Math.max(1, Math.ceil(total / APPROVALS_PAGE_SIZE)), unmatched };
}

export type ApprovalRow = Awaited<ReturnType<typeof listApprovalPage>>["rows"][number];
export type UnmatchedLine = Awaited<ReturnType<typeof listApprovalPage>>["unmatched"][number];
