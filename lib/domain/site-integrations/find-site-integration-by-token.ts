import { verifyingSecrets } from "@/lib/domain/accounts/account-secrets";
import { dealerAccount, type AuthenticatedDealer } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { prisma } from "@/lib/base/db/prisma";

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
