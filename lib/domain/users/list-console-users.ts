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

/** Every console user for the admins' Users page, with the name of their dealer or provider. */
export function listConsoleUsersForConsole() {
  return prisma.consoleUser.findMany({
    orderBy: { id: "asc" },
    select: {
      id: true,
      email: true,
      role: true,
      isActive: true,
      lastLoginAt: true,
      dealer: { select: { name: true } },
      provider: { select: { name: true } },
    },
  });
}

/** Whether an account is an admin's: granting it access again, or a password, is then a money move. */
export async function isAdminAccount(id: number): Promise<boolean> {
  return (await prisma.consoleUser.findUnique({ where: { id }, select: { role: true } }))?.role === "ADMIN";
}
