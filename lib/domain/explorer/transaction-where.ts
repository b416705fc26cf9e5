import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { dayRange } from "@/lib/domain/access/date-range";
import { transactionScope } from "@/lib/domain/access/tenant-scope";
import { escapeLike } from "@/lib/base/db/escape-like";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TransactionFilters } from "@/lib/domain/schemas/transaction-filters";

const insensitive = (value: string) => ({ contains: escapeLike(value), mode: "insensitive" as const });

/**
 * One box for what an operator has at hand: tracking code prefix, exact user_id, or contained in the
 * username, the customer's name (every word, in any order: "kaya zeynep" finds "Zeynep Kaya"), the email,
 * or the IBAN (spaces ignored). The contains-searches are served by trigram indexes, user_id by its btree.
 */
export function transactionSearch(q: string): Prisma.TransactionWhereInput {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 5);
  const iban = q.replace(/\s+/g, "").toUpperCase();
  return {
    OR: [
      { trackingCode: { startsWith: escapeLike(q), mode: "insensitive" } },
      { userId: q },
      { username: insensitive(q) },
      { AND: words.map((word) => ({ fullname: insensitive(word) })) },
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
    status: filters.status,
    siteId: filters.siteId,
    providerId: filters.providerId,
    dealerId: filters.dealerId,
    createdAt: dayRange(filters.from, filters.to),
    amount: filters.minAmount || filters.maxAmount ? amount : undefined,
  };
  return { AND: [transactionScope(user), where, ...(filters.q ? [transactionSearch(filters.q)] : [])] };
}
