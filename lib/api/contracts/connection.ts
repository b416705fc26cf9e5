import * as dealer from "@/lib/api/schemas/responses/dealer-responses";
import * as provider from "@/lib/api/schemas/responses/provider-responses";
import type { DealerContract, ProviderContract } from "./contract";

/** Endpoints that belong to no payment method: the connection test, the provider's sites, the dealer's settings. */
export const CONNECTION_CONTRACTS = {
  welcome: {
    method: "post",
    path: "/api/provider/welcome",
    tag: "Connection",
    summary: "Test the connection and the hash",
    description:
      "The first call of an integration: succeeds when the API key, the hash, the timestamp and your IP address are " +
      "accepted.",
    signature: "timestamp",
    response: provider.welcomeResponseSchema,
  },
  listSites: {
    method: "post",
    path: "/api/provider/sites",
    tag: "Connection",
    summary: "List your sites",
    signature: "verification-key",
    response: provider.sitesResponseSchema,
  },
} as const satisfies Record<string, ProviderContract>;

export const DEALER_CONNECTION_CONTRACTS = {
  getDealerSettings: {
    method: "get",
    path: "/api/dealer/settings",
    tag: "Dealer",
    summary: "Read the dealer's settings and payment methods",
    signature: "dealer",
    scope: "settings",
    response: dealer.dealerSettingsResponseSchema,
  },
} as const satisfies Record<string, DealerContract>;
