import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * transactionScope (tenant-scope.ts) as a parameterized SQL condition on `transactions t`, for aggregates
 * Prisma cannot express (grouping by local day). The two must agree: the dashboard's integration test
 * compares them for every role.
 */
export function transactionScopeSql(user: ConsoleUser): Prisma.Sql {
  if (user.role === "ADMIN") return Prisma.sql`TRUE`;
  if (user.role === "DEALER") return Prisma.sql`t.dealer_id = ${user.dealerId ?? -1}`;
  return Prisma.sql`t.provider_id = ${user.providerId ?? -1}`;
}
