import type { Db } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";

/**
 * An active account of the dealer whose range holds the amount, least recently offered first, so load
 * spreads across accounts; concurrent offers skip each other's locked row rather than queue on it.
 */
export async function chooseBankAccount(tx: Db, dealerId: number, amount: string) {
  const pick = (skipLocked: boolean) =>
    skipLocked
      ? tx.$queryRaw<{ id: number }[]>`
          SELECT id FROM bank_accounts
          WHERE dealer_id = ${dealerId} AND is_active AND min_amount <= ${amount}::numeric AND max_amount >= ${amount}::numeric
          ORDER BY last_offered_at ASC NULLS FIRST, id LIMIT 1 FOR UPDATE SKIP LOCKED`
      : tx.$queryRaw<{ id: number }[]>`
          SELECT id FROM bank_accounts
          WHERE dealer_id = ${dealerId} AND is_active AND min_amount <= ${amount}::numeric AND max_amount >= ${amount}::numeric
          ORDER BY last_offered_at ASC NULLS FIRST, id LIMIT 1 FOR UPDATE`;
  let [row] = await pick(true);
  if (!row) [row] = await pick(false);
  if (!row) throw ApiError.validation([`No bank account can take an amount of ${amount} TRY at the moment`]);
  return tx.bankAccount.update({ where: { id: row.id }, data: { lastOfferedAt: new Date() } });
}

/** The amounts a manual deposit page may offer: the union of the dealer's active accounts' ranges. */
export async function bankAccountRange(db: Db, dealerId: number): Promise<{ min: string; max: string } | null> {
  const range = await db.bankAccount.aggregate({ where: { dealerId, isActive: true }, _min: { minAmount: true }, _max: { maxAmount: true } });
  if (!range._min.minAmount || !range._max.maxAmount) return null;
  return { min: range._min.minAmount.toFixed(2), max: range._max.maxAmount.toFixed(2) };
}
