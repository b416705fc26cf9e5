import { prisma } from "@/lib/base/db/prisma";
import { switchStates, type DealerSwitch } from "@/lib/domain/payment-methods/dealer-switches";
import { verifyingSecrets } from "@/lib/domain/accounts/account-secrets";
import type { SignedAccount } from "@/lib/domain/accounts/signed-account";
import type { Dealer } from "@/lib/generated/prisma/client";

/** The site integration a dealer request came through (X-Site-Token), as the checks after the hash need it. */
export type SiteIntegrationCaller = {
  id: number;
  name: string;
  scopes: string[];
  allowedOrigins: string[];
  isActive: boolean;
  dealerActive: boolean;
  lastUsedAt: Date | null;
};

export type AuthenticatedDealer = SignedAccount & {
  id: number;
  name: string;
  rateLimitPerMinute: number | null;
  welcomeMessage: string | null;
  methods: Record<DealerSwitch, boolean>;
  /**
   * Who signed the request: `dealer:<id>` for the API key, `site-integration:<id>` for a site token. Rate
   * limits, Idempotency-Keys, log lines and the history of what it creates are kept per caller.
   */
  callerId: string;
  /** Set for X-Site-Token requests, whose key, secrets, active flag and IP whitelist are the integration's. */
  siteIntegration: SiteIntegrationCaller | null;
};

/** A dealer row as the dealer API sees it, signing with the dealer's own API key. */
export function dealerAccount(row: Dealer): AuthenticatedDealer {
  return {
    id: row.id,
    name: row.name,
    rateLimitPerMinute: row.rateLimitPerMinute,
    welcomeMessage: row.welcomeMessage,
    apiKey: row.apiKey,
    secrets: verifyingSecrets(row),
    isActive: row.isActive,
    ipWhitelist: row.ipWhitelist,
    methods: switchStates(row),
    requireSignedBodies: row.requireSignedBodies,
    maxTransactionAmount: row.maxTransactionAmount.toFixed(2),
    callerId: `dealer:${row.id}`,
    siteIntegration: null,
  };
}

export async function findDealerByApiKey(apiKey: string): Promise<AuthenticatedDealer | null> {
  const row = await prisma.dealer.findUnique({ where: { apiKey } });
  return row ? dealerAccount(row) : null;
}
