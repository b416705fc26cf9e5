import { prisma } from "@/lib/base/db/prisma";
import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import type { Site } from "@/lib/generated/prisma/client";

/** The provider and its sites, oldest first. */
export type ProviderSites = { provider: AuthenticatedProvider; sites: Site[] };

/** POST /api/provider/sites. Credential keys are not listed: they are shown once, when a site is created. */
export async function listProviderSites(provider: AuthenticatedProvider): Promise<ProviderSites> {
  const sites = await prisma.site.findMany({ where: { providerId: provider.id }, orderBy: { id: "asc" } });
  return { provider, sites };
}
