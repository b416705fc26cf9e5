import type { Db } from "@/lib/base/db/prisma";
import { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";

type OfferedAccount = { id: number; bankName: string; accountName: string; iban: string };

/**
 * An active account of the dealer whose range holds the amount, least recently offered first, so load
 * spreads across accounts; concurrent offers skip each other's locked row rather than queue on it. The
 * choice and its last_offered_at stamp are one statement: this is on every manual deposit's hot path.
 */
export async function chooseBankAccount(tx: Db, dealerId: number, amount: string): Promise<OfferedAccount> {
  const offer = (skipLocked: boolean) => tx.$queryRaw<OfferedAccount[]>`
    UPDATE bank_accounts SET last_offered_at = now(), updated_at = now()
    WHERE id = (
      SELECT id FROM bank_accounts
      WHERE dealer_id = ${dealerId} AND is_active AND min_amount <= ${amount}::numeric AND max_amount >=
        ${amount}::numeric
      ORDER BY last_offered_at ASC NULLS FIRST, id LIMIT 1
      FOR UPDATE ${skipLocked ? Prisma.sql`SKIP LOCKED` : Prisma.empty})
    RETURNING id, bank_name AS "bankName", account_name AS "accountName", iban`;
  let [account] = await offer(true);
  // Every fitting account locked by concurrent offers: wait for one rather than refuse the deposit.
  if (!account) [account] = await offer(false);
  if (!account) throw DomainError.validation([refusal("noBankAccountFor", { amount })]);
  return account;
}

/** The amounts a manual deposit page may offer: the union of the dealer's active accounts' ranges. */
export async function bankAccountRange(db: Db, dealerId: number): Promise<{ min: string; max: string } | null> {
  const range = await db.bankAccount.aggregate({
    where: { dealerId, isActive: true },
    _min: { minAmount: true },
    _max: { maxAmount: true },
  });
  if (!range._min.minAmount || !range._max.maxAmount) return null;
  return { min: range._min.minAmount.toFixed(2), max: range._max.maxAmount.toFixed(2) };
}
