import { prisma } from "@/lib/base/db/prisma";
import { siteIntegrationView } from "./site-integration-view";

/**
 * Site integrations, newest first, revoked ones last; `dealerId` limits them to one dealer (the console's
 * dealer page, dealer staff, `site-integration:list --dealer`).
 */
export async function listSiteIntegrations(filter: { dealerId?: number; id?: number } = {}) {
  const rows = await prisma.siteIntegration.findMany({
    where: { dealerId: filter.dealerId, id: filter.id },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { id: "desc" }],
  });
  return rows.map(siteIntegrationView);
}
