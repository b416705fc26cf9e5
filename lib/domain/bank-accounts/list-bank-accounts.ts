import { prisma } from "@/lib/base/db/prisma";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { dealerOwnedScope } from "@/lib/domain/access/management-scope";

/** Manual-deposit bank accounts, optionally of one dealer; limits as exact decimal strings. */
export async function listBankAccounts(filter: { id?: number; dealerId?: number } = {}) {
  const rows = await prisma.bankAccount.findMany({
    where: { id: filter.id, dealerId: filter.dealerId },
    orderBy: { id: "asc" },
  });
  return rows.map((a) => ({
    id: a.id,
    dealer_id: a.dealerId,
    bank: a.bankName,
    holder: a.accountName,
    iban: a.iban,
    min_amount: a.minAmount.toFixed(2),
    max_amount: a.maxAmount.toFixed(2),
    is_active: a.isActive,
    last_offered_at: a.lastOfferedAt?.toISOString() ?? null,
  }));
}

/**
 * The bank accounts a console user manages (all for admins, their dealer's for staff), by dealer, with the dealer's
 * name.
 */
export function listBankAccountsForConsole(user: ConsoleUser) {
  return prisma.bankAccount.findMany({
    where: dealerOwnedScope(user),
    orderBy: [{ dealerId: "asc" }, { id: "asc" }],
    include: { dealer: { select: { name: true } } },
  });
}
