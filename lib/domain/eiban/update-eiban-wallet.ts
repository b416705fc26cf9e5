import { recordAudit } from "@/lib/domain/audit/record-audit";
import type { Staff } from "@/lib/domain/audit/record-audit";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { updateEibanWalletSchema, type UpdateEibanWalletInput } from "@/lib/domain/schemas/eiban-wallet";
import { refusal } from "@/lib/base/messages/errors";

const AUDITED = { dealerId: true, walletId: true, bankName: true, accountName: true, isActive: true } as const;

/**
 * Renames a wallet's bank or holder, or takes it out of (or back into) the deposit rotation. Dealer
 * staff may only change their own dealer's wallets.
 */
export async function updateEibanWallet(id: number, input: UpdateEibanWalletInput, staff: Staff) {
  const data = validate(updateEibanWalletSchema, input);
  return inTransaction(async (tx) => {
    const before = await tx.eibanWallet.findUnique({ where: { id }, select: AUDITED });
    if (!before || (staff.dealerId != null && before.dealerId !== staff.dealerId)) {
      throw DomainError.notFound(refusal("walletNotYours"));
    }
    const after = await tx.eibanWallet.update({ where: { id }, data, select: AUDITED });
    await recordAudit(tx, staff, {
      action: "eiban_wallet.update",
      entityType: "eiban_wallet",
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
