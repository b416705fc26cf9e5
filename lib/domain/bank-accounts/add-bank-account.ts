import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { addBankAccountSchema, type AddBankAccountInput } from "@/lib/domain/schemas/bank-account";
import { refusal } from "@/lib/base/messages/errors";

export async function addBankAccount(input: AddBankAccountInput, actor: Actor) {
  const data = validate(addBankAccountSchema, input);
  return inTransaction(async (tx) => {
    if (!(await tx.dealer.findUnique({ where: { id: data.dealerId } }))) {
      throw DomainError.validation([refusal("referenceMissing", { entity: "dealer", id: data.dealerId })]);
    }
    const account = await tx.bankAccount.create({ data });
    await recordAudit(tx, actor, {
      action: "bank_account.create",
      entityType: "bank_account",
      entityId: account.id,
      after: data,
    });
    return { id: account.id };
  });
}
