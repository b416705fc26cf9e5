import { previousSecretGraceEnd } from "@/lib/domain/accounts/account-secrets";
import { maskSecret } from "@/lib/domain/access/mask-secret";
import type { SiteIntegration } from "@/lib/generated/prisma/client";

/**
 * A site integration as the console and the CLI show it after issuing: the token only as a hint (it was
 * shown once), never the secret. The same snapshot goes into audit entries.
 */
export function siteIntegrationView(row: SiteIntegration) {
  return {
    id: row.id,
    dealer_id: row.dealerId,
    name: row.name,
    site_token_hint: maskSecret(row.siteToken),
    scopes: row.scopes,
    ips: row.ipWhitelist,
    origins: row.allowedOrigins,
    active: row.isActive && !row.revokedAt,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    previous_secret_valid_until: previousSecretGraceEnd(row)?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export type SiteIntegrationView = ReturnType<typeof siteIntegrationView>;
