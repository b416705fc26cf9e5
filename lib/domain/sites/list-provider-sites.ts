import { prisma } from "@/lib/base/db/prisma";
import { formatDateTime } from "@/lib/base/time/format";
import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import type { SitesResponse } from "@/lib/api/schemas/responses/provider-responses";

/** POST /api/provider/sites. Credential keys are not listed: they are shown once, when a site is created. */
export async function listProviderSites(provider: AuthenticatedProvider): Promise<SitesResponse> {
  const sites = await prisma.site.findMany({ where: { providerId: provider.id }, orderBy: { id: "asc" } });
  return {
    success: true,
    provider: { id: provider.id, name: provider.name },
    total_sites: sites.length,
    sites: sites.map((site) => ({
      id: site.id,
      name: site.name,
      is_active: site.isActive,
      created_at: formatDateTime(site.createdAt),
    })),
    timestamp: formatDateTime(new Date()),
  };
}
