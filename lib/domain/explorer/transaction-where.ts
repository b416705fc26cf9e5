import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { dayRange } from "@/lib/domain/access/date-range";
import { transactionScope } from "@/lib/domain/access/tenant-scope";
import { escapeLike } from "@/lib/base/db/escape-like";
import { foldText } from "@/lib/base/text/fold-text";
import { statusReadingWhere } from "@/lib/domain/payment-methods/status-reading";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TransactionFilters } from "@/lib/domain/schemas/transaction-filters";

const insensitive = (value: string) => ({ contains: escapeLike(value), mode: "insensitive" as const });

/**
 * One box for what an operator has at hand: a tracking code or any fragment of one (three characters or more),
 * exact user_id, the card order id or the gateway's reference (GW-…), the customer's name and
 * username (every word, in any order, folded: "kaya zeynep", "ZEYNEP KAYA" and "zeynep kaya" all find
 * "Zeynep Kaya", "ayse yilmaz" finds "Ayşe Yılmaz"), the email, or the IBAN (spaces ignored). The name is
 * matched on transactions.search_name, which PostgreSQL folds the same way (lib/base/text/fold-text.ts);
 * the contains-searches are served by trigram indexes, the equalities by their btrees.
 */
export function transactionSearch(q: string): Prisma.TransactionWhereInput {
  const words = foldText(q.normalize("NFC")).split(/\s+/).filter(Boolean).slice(0, 5);
  const iban = q.replace(/\s+/g, "").toUpperCase();
  const code = q.trim();
  const codes = [...new Set([code.toUpperCase(), code])];
  return {
    OR: [
      // A trigram index serves a fragment of three characters or more; a shorter one is a prefix.
      { trackingCode: code.length >= 3 ? insensitive(code) : { startsWith: escapeLike(code), mode: "insensitive" } },
      { userId: q },
      ...codes.flatMap((c) => [{ orderId: c }, { gatewayReference: c }]),
      { AND: words.map((word) => ({ searchName: { contains: escapeLike(word) } })) },
      { email: insensitive(q) },
      ...(iban.length >= 4 ? [{ iban: insensitive(iban) }] : []),
    ],
  };
}

/**
 * The explorer's query: the user's tenancy first, then the filters. The list, its count and the CSV export
 * all use this, so an export holds exactly what the list shows.
 */
export function transactionWhere(user: ConsoleUser, filters: TransactionFilters): Prisma.TransactionWhereInput {
  const amount: Prisma.DecimalFilter = {};
  if (filters.minAmount) amount.gte = filters.minAmount;
  if (filters.maxAmount) amount.lte = filters.maxAmount;
  const where: Prisma.TransactionWhereInput = {
    method: filters.method,
    direction: filters.direction,
    siteId: filters.siteId,
    providerId: filters.providerId,
    dealerId: filters.dealerId,
    createdAt: dayRange(filters.from, filters.to),
    amount: filters.minAmount || filters.maxAmount ? amount : undefined,
  };
  const status = filters.status ? [statusReadingWhere(filters.status)] : [];
  return { AND: [transactionScope(user), where, ...status, ...(filters.q ? [transactionSearch(filters.q)] : [])] };
}
