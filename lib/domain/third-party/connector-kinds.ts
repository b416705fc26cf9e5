import type { ThirdPartyKind } from "@/lib/domain/payment-methods";
import type { GatewayConnectorName } from "@/lib/integrations/connectors/registry";

/**
 * The third-party kinds each gateway connector may serve (null: every kind, a protocol any kind can speak), keyed by
 * the registry's connector names and naming the registry's kinds: a new gateway connector fails the type check here
 * until it is said what it serves, and a kind no definition has cannot be named. Kept in the domain, which owns the
 * kinds: the connectors, below it, know their partner, not our methods. A gateway of another kind is refused the
 * connector when saved (save-gateway.ts).
 */
export const CONNECTOR_KINDS = {
  "http-partner": null,
  nowpayments: ["crypto"],
  papara: ["wallet"],
} as const satisfies Record<GatewayConnectorName, readonly ThirdPartyKind[] | null>;

/** The kinds a gateway connector serves, or null for every kind (or a name no longer shipped). */
export function kindsServedBy(name: string): readonly ThirdPartyKind[] | null {
  return Object.hasOwn(CONNECTOR_KINDS, name) ? CONNECTOR_KINDS[name as GatewayConnectorName] : null;
}
