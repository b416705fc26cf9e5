import { prisma } from "@/lib/base/db/prisma";

/** Blocked customers, optionally of one provider, newest first. */
export async function listBlockedCustomers(filter: { providerId?: number } = {}) {
  const rows = await prisma.blockedCustomer.findMany({ where: { providerId: filter.providerId }, orderBy: { id: "desc" } });
  return rows.map((b) => ({ id: b.id, provider_id: b.providerId, user_id: b.userId, reason: b.reason, blocked_at: b.createdAt.toISOString() }));
}
