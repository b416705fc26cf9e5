import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { updateProviderSchema, type UpdateProviderInput } from "@/lib/domain/schemas/provider";
import { refusal } from "@/lib/base/messages/errors";

// The audited columns: never the encrypted secrets.
const PROFILE = {
  name: true,
  isActive: true,
  depositCallbackUrl: true,
  withdrawalCallbackUrl: true,
  creditCardCallbackUrl: true,
} as const;

/** Name, active flag and the three callback URLs; deactivating refuses every request at once (403). */
export async function updateProvider(id: number, input: UpdateProviderInput, actor: Actor) {
  const data = validate(updateProviderSchema, input);
  return inTransaction(async (tx) => {
    const before = await tx.provider.findUnique({ where: { id }, select: PROFILE });
    if (!before) throw DomainError.notFound(refusal("doesNotExist", { entity: "provider", id }));
    const after = await tx.provider.update({ where: { id }, data, select: PROFILE });
    await recordAudit(tx, actor, { action: "provider.update", entityType: "provider", entityId: id, before, after });
    return after;
  });
}

/**
 * A provider as stored, or null: the values an update keeps for the fields it is not given (the admin CLI's
 * provider:update and provider:settings).
 */
export function findProvider(id: number) {
  return prisma.provider.findUnique({ where: { id } });
}
