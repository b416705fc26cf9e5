import { prisma } from "@/lib/base/db/prisma";
import type { AuthenticatedProvider } from "./find-provider-by-api-key";

/** The provider that passed the connection test, and how many sites it has. */
export type ProviderWelcome = { provider: AuthenticatedProvider; siteCount: number };

/** POST /api/provider/welcome: the connection test. */
export async function welcomeProvider(provider: AuthenticatedProvider): Promise<ProviderWelcome> {
  const siteCount = await prisma.site.count({ where: { providerId: provider.id } });
  return { provider, siteCount };
}
