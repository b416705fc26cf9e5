import { prisma } from "@/lib/base/db/prisma";
import { formatDateTime } from "@/lib/base/time/format";
import type { AuthenticatedProvider } from "./find-provider-by-api-key";
import type { WelcomeResponse } from "@/lib/api/schemas/responses/provider-responses";

/** POST /api/provider/welcome: the connection test. */
export async function welcomeProvider(provider: AuthenticatedProvider): Promise<WelcomeResponse> {
  const siteCount = await prisma.site.count({ where: { providerId: provider.id } });
  return {
    success: true,
    message: `Welcome, ${provider.name}. Your API key, hash and IP address were accepted.`,
    info: `Authenticated as provider #${provider.id} with ${siteCount} site${siteCount === 1 ? "" : "s"}.`,
    next_step:
      "Call POST /api/provider/sites with X-Key to list your sites, then start a deposit or withdrawal with X-Credential-Key.",
    provider: { id: provider.id, name: provider.name, is_active: provider.isActive },
    timestamp: formatDateTime(new Date()),
  };
}
