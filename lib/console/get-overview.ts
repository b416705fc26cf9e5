import type { ConsoleUser } from "@/lib/auth/console-user";
import { prisma } from "@/lib/db/prisma";
import { siteScope, transactionScope } from "./tenant-scope";

/** The figures on the console's first page, within the user's tenancy. */
export async function getOverview(user: ConsoleUser) {
  const startOfDay = new Date();
  startOfDay.setHours(0, 0, 0, 0);
  const [sites, transactionsToday, pendingApprovals] = await Promise.all([
    prisma.site.findMany({ where: siteScope(user), include: { provider: true, dealer: true }, orderBy: { id: "asc" }, take: 50 }),
    prisma.transaction.count({ where: { ...transactionScope(user), createdAt: { gte: startOfDay } } }),
    prisma.transaction.count({ where: { ...transactionScope(user), status: "pending", direction: { not: "PAYMENT" } } }),
  ]);
  return {
    transactionsToday,
    pendingApprovals,
    sites: sites.map((s) => ({ id: s.id, name: s.name, isActive: s.isActive, provider: s.provider.name, dealer: s.dealer.name })),
  };
}
