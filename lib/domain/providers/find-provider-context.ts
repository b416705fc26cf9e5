import { verifyingSecrets } from "@/lib/domain/accounts/account-secrets";
import { decryptSecret } from "@/lib/base/crypto/secret-box";
import { poolQuery } from "@/lib/base/db/prisma";
import { timePhase } from "@/lib/base/observability/request-phases";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SignedAccount } from "@/lib/domain/accounts/signed-account";

export type AuthenticatedProvider = SignedAccount & {
  id: number;
  name: string;
  rateLimitPerMinute: number | null;
  verificationKey: string;
};

/** The site a credential key selects and the method switches of its dealer, as a create needs them. */
export type SiteContext = {
  id: number;
  name: string;
  providerId: number;
  dealerId: number;
  isActive: boolean;
  dealer: {
    id: number;
    isActive: boolean;
    creditCardEnabled: boolean;
    eibanEnabled: boolean;
    manualIbanEnabled: boolean;
  };
};

type Row = {
  id: number;
  name: string;
  api_key: string;
  secret_key_enc: string;
  previous_secret_key_enc: string | null;
  previous_secret_valid_to: Date | null;
  verification_key_enc: string;
  is_active: boolean;
  ip_whitelist: string[];
  rate_limit_per_minute: number | null;
  require_signed_bodies: boolean;
  max_transaction_amount: string;
} & { [K in keyof SiteRow]: SiteRow[K] | null };

/** A site's columns with its dealer's switches, as both queries select them (SITE_COLUMNS). */
type SiteRow = {
  site_id: number;
  site_name: string;
  site_provider_id: number;
  site_dealer_id: number;
  site_is_active: boolean;
  dealer_is_active: boolean;
  credit_card_enabled: boolean;
  eiban_enabled: boolean;
  manual_iban_enabled: boolean;
};

const SITE_COLUMNS = Prisma.sql`s.id AS site_id, s.name AS site_name, s.provider_id AS site_provider_id,
  s.dealer_id AS site_dealer_id, s.is_active AS site_is_active,
  d.is_active AS dealer_is_active, d.credit_card_enabled, d.eiban_enabled, d.manual_iban_enabled`;

function siteOf(row: SiteRow): SiteContext {
  return {
    id: row.site_id,
    name: row.site_name,
    providerId: row.site_provider_id,
    dealerId: row.site_dealer_id,
    isActive: row.site_is_active,
    dealer: {
      id: row.site_dealer_id,
      isActive: row.dealer_is_active,
      creditCardEnabled: row.credit_card_enabled,
      eibanEnabled: row.eiban_enabled,
      manualIbanEnabled: row.manual_iban_enabled,
    },
  };
}

/**
 * The provider an API key names and, when a credential key is given, its site and the site's dealer: one
 * statement on every provider request instead of three, on the pool directly and prepared once per
 * connection (poolQuery). Read fresh each time, so deactivation, key rotation and whitelist changes take
 * effect on the next request.
 */
export async function findProviderContext(
  apiKey: string,
  credentialKey: string | null,
): Promise<{ provider: AuthenticatedProvider; site: SiteContext | null } | null> {
  const [row] = await timePhase("auth query", () =>
    poolQuery<Row>(
      Prisma.sql`
    SELECT p.id, p.name, p.api_key, p.secret_key_enc, p.previous_secret_key_enc, p.previous_secret_valid_to,
      p.verification_key_enc,
      p.is_active, p.ip_whitelist, p.rate_limit_per_minute, p.require_signed_bodies, p.max_transaction_amount::text
        AS max_transaction_amount,
      ${SITE_COLUMNS}
    FROM providers p
    LEFT JOIN sites s ON ${credentialKey}::text IS NOT NULL AND s.credential_key = ${credentialKey}::text
    LEFT JOIN dealers d ON d.id = s.dealer_id
    WHERE p.api_key = ${apiKey}`,
      "pis_provider_context",
    ),
  );
  if (!row) return null;
  const provider: AuthenticatedProvider = timePhase("auth decrypt", () => ({
    id: row.id,
    name: row.name,
    rateLimitPerMinute: row.rate_limit_per_minute,
    apiKey: row.api_key,
    secrets: verifyingSecrets({
      secretKeyEnc: row.secret_key_enc,
      previousSecretKeyEnc: row.previous_secret_key_enc,
      previousSecretValidTo: row.previous_secret_valid_to,
    }),
    isActive: row.is_active,
    ipWhitelist: row.ip_whitelist,
    verificationKey: decryptSecret(row.verification_key_enc),
    requireSignedBodies: row.require_signed_bodies,
    maxTransactionAmount: row.max_transaction_amount,
  }));
  return { provider, site: row.site_id === null ? null : siteOf(row as SiteRow) };
}

/**
 * The site a credential key selects with its dealer's switches, in one query (the card endpoint takes the key in its
 * body).
 */
export async function findSiteContext(credentialKey: string): Promise<SiteContext | null> {
  const [row] = await poolQuery<SiteRow>(
    Prisma.sql`
    SELECT ${SITE_COLUMNS} FROM sites s JOIN dealers d ON d.id = s.dealer_id WHERE s.credential_key = ${credentialKey}`,
    "pis_site_context",
  );
  return row ? siteOf(row) : null;
}
