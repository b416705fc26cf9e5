import { THIRD_PARTY, type GatewayMethod, type PaymentMethod, type ThirdPartyKind } from "@/lib/domain/payment-methods";

export type { ThirdPartyKind } from "@/lib/domain/payment-methods";

/** A kind's method and gateway family (its prefixes and statuses: flowOf). */
type KindInfo = { method: PaymentMethod; gatewayMethod: GatewayMethod };

/** Methods 4-6 of the provider document, as the payment-method table defines them. */
export const KINDS = Object.fromEntries(
  THIRD_PARTY.map(({ kind, method, gatewayMethod }) => [kind, { method, gatewayMethod }]),
) as Record<ThirdPartyKind, KindInfo>;

export const THIRD_PARTY_KINDS = THIRD_PARTY.map((k) => k.kind);

export function kindOfMethod(method: string): ThirdPartyKind | null {
  return THIRD_PARTY.find((k) => k.method === method)?.kind ?? null;
}

export function kindOfGateway(method: string): ThirdPartyKind | null {
  return THIRD_PARTY.find((k) => k.gatewayMethod === method)?.kind ?? null;
}

export const transactionType = <K extends ThirdPartyKind, D extends "deposit" | "withdrawal">(kind: K, direction: D) =>
  `third_party_${kind}_${direction}` as const;
