import type { AuthenticatedDealer } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { startOfLocalDay } from "@/lib/base/time/format";
import type { EibanTransaction } from "@/lib/generated/prisma/client";
import { refusal } from "@/lib/base/messages/errors";

export const HISTORY_PAGE_SIZE = 100;
const MAX_RANGE_DAYS = 3;
const DAY_MS = 24 * 3600 * 1000;

type Query = { wallet_id: string; start_date: string; end_date: string; page: number };

/** One page of a wallet's statement lines, newest first, with the count of all lines in the range. */
export type EibanStatementPage = {
  dealerName: string;
  walletId: string;
  query: Query;
  total: number;
  totalPages: number;
  lines: EibanTransaction[];
};

/** GET /api/dealer/transactions: the wallet's statement lines in local days [start_date, end_date]. */
export async function listEibanTransactions(dealer: AuthenticatedDealer, query: Query): Promise<EibanStatementPage> {
  const days = (Date.parse(`${query.end_date}T00:00:00Z`) - Date.parse(`${query.start_date}T00:00:00Z`)) / DAY_MS;
  if (days < 0) throw DomainError.coded("VALIDATION", "INVALID_DATE_RANGE", refusal("invalidDateRange"));
  if (days > MAX_RANGE_DAYS)
    throw DomainError.coded(
      "VALIDATION",
      "DATE_RANGE_EXCEEDED",
      refusal("dateRangeExceeded", { days: MAX_RANGE_DAYS }),
    );
  const wallet = await prisma.eibanWallet.findUnique({ where: { walletId: query.wallet_id } });
  if (!wallet || wallet.dealerId !== dealer.id)
    throw DomainError.coded("FORBIDDEN", "WALLET_NOT_ASSIGNED", refusal("walletNotAssigned"));

  const from = startOfLocalDay(query.start_date);
  const to = startOfLocalDay(new Date(Date.parse(`${query.end_date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10));
  const where = { walletId: wallet.id, occurredAt: { gte: from, lt: to } };
  const [total, lines] = await Promise.all([
    prisma.eibanTransaction.count({ where }),
    prisma.eibanTransaction.findMany({
      where,
      orderBy: [{ occurredAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * HISTORY_PAGE_SIZE,
      take: HISTORY_PAGE_SIZE,
    }),
  ]);
  const totalPages = Math.ceil(total / HISTORY_PAGE_SIZE);
  return { dealerName: dealer.name, walletId: wallet.walletId, query, total, totalPages, lines };
}
