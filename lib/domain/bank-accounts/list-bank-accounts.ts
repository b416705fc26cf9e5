import { prisma } from "@/lib/base/db/prisma";

/** Manual-deposit bank accounts, optionally of one dealer; limits as exact decimal strings. */
export async function listBankAccounts(filter: { id?: number; dealerId?: number } = {}) {
  const rows = await prisma.bankAccount.findMany({ where: { id: filter.id, dealerId: filter.dealerId }, orderBy: { id: "asc" } });
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
