import type { Db } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";

/** The dealer's active E-IBAN wallet least recently offered for a deposit. */
export async function chooseEibanWallet(tx: Db, dealerId: number) {
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM eiban_wallets WHERE dealer_id = ${dealerId} AND is_active
    ORDER BY last_offered_at ASC NULLS FIRST, id LIMIT 1 FOR UPDATE`;
  if (!row) throw DomainError.validation(["No E-IBAN account is available for this dealer at the moment"]);
  return tx.eibanWallet.update({ where: { id: row.id }, data: { lastOfferedAt: new Date() } });
}
