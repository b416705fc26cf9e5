import { formatDateTime } from "@/lib/base/time/format";
import type { AuthenticatedDealer } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { DEALER_SWITCH_NAMES } from "@/lib/domain/payment-methods/dealer-switches";
import type { ProviderWelcome } from "@/lib/domain/providers/welcome-provider";
import type { ProviderSites } from "@/lib/domain/sites/list-provider-sites";
import type { DealerSettingsResponse } from "@/lib/api/schemas/responses/dealer-responses";
import type { SitesResponse, WelcomeResponse } from "@/lib/api/schemas/responses/provider-responses";

/** The bodies of the connection endpoints (contracts/connection.ts): welcome, sites, the dealer's settings. */

export function presentWelcome({ provider, siteCount }: ProviderWelcome): WelcomeResponse {
  return {
    success: true,
    message: `Welcome, ${provider.name}. Your API key, hash and IP address were accepted.`,
    info: `Authenticated as provider #${provider.id} with ${siteCount} site${siteCount === 1 ? "" : "s"}.`,
    next_step:
      "Call POST /api/provider/sites with X-Key to list your sites, then start a deposit or withdrawal with " +
      "X-Credential-Key.",
    provider: { id: provider.id, name: provider.name, is_active: provider.isActive },
    timestamp: formatDateTime(new Date()),
  };
}

/** Credential keys are not listed: they are shown once, when a site is created. */
export function presentSites({ provider, sites }: ProviderSites): SitesResponse {
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

const state = (on: boolean) => (on ? "active" : "inactive");

/** GET /api/dealer/settings: the authenticated dealer's welcome and which of its methods are on. */
export function presentDealerSettings(dealer: AuthenticatedDealer): DealerSettingsResponse {
  return {
    success: true,
    message: dealer.welcomeMessage ?? `Welcome, ${dealer.name}.`,
    dealer_name: dealer.name,
    payment_methods: Object.fromEntries(
      DEALER_SWITCH_NAMES.map((s) => [s, state(dealer.methods[s])]),
    ) as DealerSettingsResponse["payment_methods"],
  };
}
