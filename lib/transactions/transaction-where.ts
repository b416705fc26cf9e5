import type { ConsoleUser } from "@/lib/auth/console-user";
import { dayRange } from "@/lib/console/date-range";
import { transactionScope } from "@/lib/console/tenant-scope";
import { escapeLike } from "@/lib/db/escape-like";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TransactionFilters } from "@/lib/schemas/transaction-filters";

/**
 * Tracking code prefix, exact user_id, or username or full name contains; all but user_id are served by
 * trigram indexes, user_id by its btree.
 */
function search(q: string): Prisma.TransactionWhereInput {
  const pattern = escapeLike(q);
  return {
    OR: [{ trackingCode: { startsWith: pattern, mode: "insensitive" } }, { userId: q }, { username: { contains: pattern, mode: "insensitive" } }, { fullname: { contains: pattern, mode: "insensitive" } }],
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
  return { AND: [transactionScope(user), where, ...(filters.q ? [search(filters.q)] : [])] };
}
