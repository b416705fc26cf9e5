import { verifyingSecrets } from "@/lib/domain/accounts/account-secrets";
import {
  dealerAccount,
  type AuthenticatedDealer,
  type SiteIntegrationCaller,
} from "@/lib/domain/dealers/find-dealer-by-api-key";
import { prisma } from "@/lib/base/db/prisma";

/** How often last_used_at is written at most: a busy website should not turn every request into a write. */
const LAST_USED_RESOLUTION_SECONDS = 60;

/**
 * The dealer behind a site token, as the dealer API sees a request signed with it: the dealer's methods,
 * limits and switches, with the integration's token, secrets (current, and the previous one during a
 * rotation's grace period) and IP whitelist. A revoked integration's token is unknown, like a wrong one.
 */
export async function findSiteIntegrationByToken(siteToken: string): Promise<AuthenticatedDealer | null> {
  const row = await prisma.siteIntegration.findUnique({ where: { siteToken }, include: { dealer: true } });
  if (!row || row.revokedAt) return null;
  return {
    ...dealerAccount(row.dealer),
    apiKey: row.siteToken,
    secrets: verifyingSecrets(row),
    isActive: row.isActive && row.dealer.isActive,
    ipWhitelist: row.ipWhitelist,
    callerId: `site-integration:${row.id}`,
    siteIntegration: {
      id: row.id,
      name: row.name,
      scopes: row.scopes,
      allowedOrigins: row.allowedOrigins,
      isActive: row.isActive,
      dealerActive: row.dealer.isActive,
      lastUsedAt: row.lastUsedAt,
    },
  };
}

/**
 * Notes that an integration signed a request (last_used_at), at most once per LAST_USED_RESOLUTION_SECONDS across the
 * fleet.
 */
export async function noteSiteIntegrationUse(integration: SiteIntegrationCaller): Promise<void> {
  if (integration.lastUsedAt && Date.now() - integration.lastUsedAt.getTime() < LAST_USED_RESOLUTION_SECONDS * 1000)
    return;
  await prisma.$executeRaw`
    UPDATE site_integrations SET last_used_at = now()
    WHERE id = ${integration.id} AND (last_used_at IS NULL OR last_used_at < now() - make_interval(secs =>
      ${LAST_USED_RESOLUTION_SECONDS}))`;
}
