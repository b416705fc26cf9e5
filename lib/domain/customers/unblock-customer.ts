import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";

/** Lifts a block: the customer may start payments again at once. */
export async function unblockCustomer(id: number, actor: Actor) {
  return inTransaction(async (tx) => {
    const row = await tx.blockedCustomer.findUnique({ where: { id } });
    if (!row) throw DomainError.notFound(refusal("blockMissing"));
    await tx.blockedCustomer.delete({ where: { id } });
    await recordAudit(tx, actor, {
      action: "customer.unblock",
      entityType: "blocked_customer",
      entityId: id,
      before: { providerId: row.providerId, userId: row.userId, reason: row.reason },
    });
    return { id, provider_id: row.providerId, user_id: row.userId };
  });
}
