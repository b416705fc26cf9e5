import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { SWITCH_SELECT, switchColumns } from "@/lib/domain/payment-methods/dealer-switches";
import { validate } from "@/lib/domain/schemas/validate";
import { updateDealerSchema, type UpdateDealerInput } from "@/lib/domain/schemas/dealer";
import { refusal } from "@/lib/base/messages/errors";

// The audited columns: never the encrypted secrets.
const SETTINGS = {
  name: true,
  welcomeMessage: true,
  isActive: true,
  ...SWITCH_SELECT,
  creditCardCallbackUrl: true,
} as const;

/** Name, welcome message, payment method toggles, card callback URL and the active flag. */
export async function updateDealer(id: number, input: UpdateDealerInput, actor: Actor) {
  const { methods, ...data } = validate(updateDealerSchema, input);
  return inTransaction(async (tx) => {
    const before = await tx.dealer.findUnique({ where: { id }, select: SETTINGS });
    if (!before) throw DomainError.notFound(refusal("doesNotExist", { entity: "dealer", id }));
    const after = await tx.dealer.update({
      where: { id },
      data: { ...data, ...switchColumns(methods) },
      select: SETTINGS,
    });
    await recordAudit(tx, actor, { action: "dealer.update", entityType: "dealer", entityId: id, before, after });
    return after;
  });
}

/**
 * A dealer as stored, or null: the values an update keeps for the fields it is not given (the admin CLI's
 * dealer:update).
 */
export function findDealer(id: number) {
  return prisma.dealer.findUnique({ where: { id } });
}
