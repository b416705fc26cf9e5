import { recordAudit } from "@/lib/domain/audit/record-audit";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { Staff } from "@/lib/domain/audit/record-audit";
import { refusal } from "@/lib/base/messages/errors";

/**
 * Staff close an alert by saying what was done (refunded at the acquirer, credited by hand...). Dealer
 * staff only their dealer's; an alert resolved once stays resolved. Audited.
 */
export async function resolveAlert(id: number, resolution: string, staff: Staff) {
  const text = resolution.trim();
  if (text.length < 3 || text.length > 500) throw DomainError.validation([refusal("resolutionLength")]);
  return inTransaction(async (tx) => {
    const alert = await tx.alert.findUnique({ where: { id } });
    if (!alert || (staff.dealerId != null && alert.dealerId !== staff.dealerId))
      throw DomainError.notFound(refusal("alertNotYours"));
    const { count } = await tx.alert.updateMany({
      where: { id, resolvedAt: null },
      data: { resolvedAt: new Date(), resolvedBy: staff.label, resolution: text },
    });
    if (count === 0) throw DomainError.conflict("Already resolved", refusal("alertResolved"));
    await recordAudit(tx, staff, {
      action: "alert.resolve",
      entityType: "alert",
      entityId: id,
      before: { kind: alert.kind, transactionId: alert.transactionId },
      after: { resolution: text },
    });
    return tx.alert.findUniqueOrThrow({ where: { id } });
  });
}
