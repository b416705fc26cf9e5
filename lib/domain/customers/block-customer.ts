import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { blockCustomerSchema, type BlockCustomerInput } from "@/lib/domain/schemas/blocked-customer";
import { refusal } from "@/lib/base/messages/errors";

/** Blocks a provider's customer from every create endpoint; blocking twice is not an error. */
export async function blockCustomer(input: BlockCustomerInput, actor: Actor) {
  const data = validate(blockCustomerSchema, input);
  return inTransaction(async (tx) => {
    if (!(await tx.provider.findUnique({ where: { id: data.providerId } }))) {
      throw DomainError.validation([refusal("referenceMissing", { entity: "provider", id: data.providerId })]);
    }
    const row = await tx.blockedCustomer.upsert({
      where: { providerId_userId: { providerId: data.providerId, userId: data.userId } },
      create: { providerId: data.providerId, userId: data.userId, reason: data.reason ?? null },
      update: { reason: data.reason ?? undefined },
    });
    await recordAudit(tx, actor, {
      action: "customer.block",
      entityType: "blocked_customer",
      entityId: row.id,
      after: data,
    });
    return { id: row.id, provider_id: row.providerId, user_id: row.userId };
  });
}
