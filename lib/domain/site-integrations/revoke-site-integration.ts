import type { Staff } from "@/lib/domain/audit/record-audit";
import { recordAudit } from "@/lib/domain/audit/record-audit";
import { inTransaction } from "@/lib/base/db/transaction";
import { loadManagedSiteIntegration } from "./load-managed-site-integration";
import { siteIntegrationView } from "./site-integration-view";

/**
 * Ends an integration for good: its token is unknown from the next request on (401), whatever grace period a
 * rotation had left. The row stays, because transactions name the integration that created them.
 */
export async function revokeSiteIntegration(id: number, staff: Staff) {
  return inTransaction(async (tx) => {
    const before = await loadManagedSiteIntegration(tx, id, staff);
    const after = await tx.siteIntegration.update({
      where: { id },
      data: { revokedAt: new Date(), isActive: false, previousSecretKeyEnc: null, previousSecretValidTo: null },
    });
    const view = siteIntegrationView(after);
    await recordAudit(tx, staff, {
      action: "site_integration.revoke",
      entityType: "site_integration",
      entityId: id,
      before: siteIntegrationView(before),
      after: view,
    });
    return view;
  });
}
