import { recordAudit } from "@/lib/domain/audit/record-audit";
import type { Staff } from "@/lib/domain/audit/record-audit";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { updateBankAccountSchema, type UpdateBankAccountInput } from "@/lib/domain/schemas/bank-account";
import { refusal } from "@/lib/base/messages/errors";

const AUDITED = {
  dealerId: true,
  bankName: true,
  accountName: true,
  iban: true,
  minAmount: true,
  maxAmount: true,
  isActive: true,
} as const;

// Limits go to the audit log as exact decimal strings.
const snapshot = <
  R extends { minAmount: { toFixed: (n: number) => string }; maxAmount: { toFixed: (n: number) => string } },
>(
  row: R,
) => ({
  ...row,
  minAmount: row.minAmount.toFixed(2),
  maxAmount: row.maxAmount.toFixed(2),
});

/**
 * Changes an account's details, limits or active flag. Dealer staff (staff.dealerId set) may only change
 * their own dealer's accounts: another dealer's is as unknown as a missing one, checked in the transaction.
 */
export async function updateBankAccount(id: number, input: UpdateBankAccountInput, staff: Staff) {
  const data = validate(updateBankAccountSchema, input);
  return inTransaction(async (tx) => {
    const before = await tx.bankAccount.findUnique({ where: { id }, select: AUDITED });
    if (!before || (staff.dealerId != null && before.dealerId !== staff.dealerId)) {
      throw DomainError.notFound(refusal("bankAccountNotYours"));
    }
    const after = await tx.bankAccount.update({ where: { id }, data, select: AUDITED });
    await recordAudit(tx, staff, {
      action: "bank_account.update",
      entityType: "bank_account",
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

/**
 * A bank account as stored, or null: the values an update keeps for the fields it is not given (the admin CLI's
 * bank-account:update).
 */
export function findBankAccount(id: number) {
  return prisma.bankAccount.findUnique({ where: { id } });
}
