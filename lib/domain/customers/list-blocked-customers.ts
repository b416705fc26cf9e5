import { prisma } from "@/lib/base/db/prisma";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { blockedCustomerScope } from "@/lib/domain/access/management-scope";

/** Blocked customers, optionally of one provider, newest first. */
export async function listBlockedCustomers(filter: { providerId?: number } = {}) {
  const rows = await prisma.blockedCustomer.findMany({
    where: { providerId: filter.providerId },
    orderBy: { id: "desc" },
  });
  return rows.map((b) => ({
    id: b.id,
    provider_id: b.providerId,
    user_id: b.userId,
    reason: b.reason,
    blocked_at: b.createdAt.toISOString(),
  }));
}

/**
 * The blocked customers a console user may see (all for admins, their provider's otherwise), the latest 500, with the
 * provider's name.
 */
export function listBlockedCustomersForConsole(user: ConsoleUser) {
  return prisma.blockedCustomer.findMany({
    where: blockedCustomerScope(user),
    orderBy: { createdAt: "desc" },
    take: 500,
    include: { provider: { select: { name: true } } },
  });
}
