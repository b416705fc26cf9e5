import { prisma } from "@/lib/base/db/prisma";

/** Console users with their role, tenant and state; password hashes never leave the database. */
export async function listConsoleUsers(filter: { id?: number } = {}) {
  const rows = await prisma.consoleUser.findMany({ where: { id: filter.id }, orderBy: { id: "asc" } });
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    role: u.role.toLowerCase(),
    dealer_id: u.dealerId,
    provider_id: u.providerId,
    is_active: u.isActive,
    last_login_at: u.lastLoginAt?.toISOString() ?? null,
  }));
}
