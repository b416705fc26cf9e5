import type { Staff } from "@/lib/domain/audit/record-audit";
import type { Db } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";

/**
 * A site integration the person may manage, read inside the change's transaction: admins any, dealer staff
 * their own dealer's. Another dealer's is as unknown as a missing one; a revoked one cannot change again.
 */
export async function loadManagedSiteIntegration(tx: Db, id: number, staff: Staff) {
  const row = await tx.siteIntegration.findUnique({ where: { id } });
  if (!row || (staff.dealerId != null && row.dealerId !== staff.dealerId)) {
    throw DomainError.notFound(refusal("siteIntegrationNotYours"));
  }
  if (row.revokedAt) throw DomainError.conflict("Site integration revoked", refusal("integrationRevoked"));
  return row;
}
