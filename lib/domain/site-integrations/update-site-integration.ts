import type { Staff } from "@/lib/domain/audit/record-audit";
import { recordAudit } from "@/lib/domain/audit/record-audit";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { validate } from "@/lib/domain/schemas/validate";
import { updateSiteIntegrationSchema, type UpdateSiteIntegrationInput } from "@/lib/domain/schemas/site-integration";
import { loadManagedSiteIntegration } from "./load-managed-site-integration";
import { siteIntegrationView } from "./site-integration-view";

/** Name, scopes, IP whitelist, origins and the active flag; takes effect on the integration's next request. */
export async function updateSiteIntegration(id: number, input: UpdateSiteIntegrationInput, staff: Staff) {
  const data = validate(updateSiteIntegrationSchema, input);
  return inTransaction(async (tx) => {
    const before = await loadManagedSiteIntegration(tx, id, staff);
    const after = await tx.siteIntegration.update({
      where: { id },
      data: {
        name: data.name,
        scopes: data.scopes,
        ipWhitelist: data.ips,
        allowedOrigins: data.origins,
        isActive: data.isActive,
      },
    });
    const view = siteIntegrationView(after);
    await recordAudit(tx, staff, {
      action: "site_integration.update",
      entityType: "site_integration",
      entityId: id,
      before: siteIntegrationView(before),
      after: view,
    });
    return view;
  });
}

/**
 * A site integration as stored, or null: the values an update keeps for the fields it is not given (the admin CLI's
 * site-integration:update).
 */
export function findSiteIntegration(id: number) {
  return prisma.siteIntegration.findUnique({ where: { id } });
}
