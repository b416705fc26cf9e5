import type { GatewayMethod, PaymentMethod } from "@/lib/generated/prisma/client";
import type { TrackingPrefix } from "@/lib/transactions/tracking-code";

export type ThirdPartyKind = "bank" | "crypto" | "wallet";

type KindInfo = { method: PaymentMethod; gatewayMethod: GatewayMethod; depositPrefix: TrackingPrefix; withdrawalPrefix: TrackingPrefix };

/** Methods 4-6 of the provider document. */
export const KINDS: Record<ThirdPartyKind, KindInfo> = {
  bank: { method: "TP_BANK", gatewayMethod: "BANK", depositPrefix: "TPBD", withdrawalPrefix: "TPBW" },
  crypto: { method: "TP_CRYPTO", gatewayMethod: "CRYPTO", depositPrefix: "TPCD", withdrawalPrefix: "TPCW" },
  wallet: { method: "TP_WALLET", gatewayMethod: "WALLET", depositPrefix: "TPWD", withdrawalPrefix: "TPWW" },
};

export function kindOfMethod(method: PaymentMethod): ThirdPartyKind | null {
  return (Object.keys(KINDS) as ThirdPartyKind[]).find((k) => KINDS[k].method === method) ?? null;
}

export function kindOfGateway(method: GatewayMethod): ThirdPartyKind {
  return (Object.keys(KINDS) as ThirdPartyKind[]).find((k) => KINDS[k].gatewayMethod === method)!;
}

export const transactionType = <K extends ThirdPartyKind, D extends "deposit" | "withdrawal">(kind: K, direction: D) => `third_party_${kind}_${direction}` as const;
