import { prisma } from "@/lib/base/db/prisma";
import type { Gateway } from "@/lib/generated/prisma/client";
import { formatDateTime } from "@/lib/base/time/format";
import { KINDS, type ThirdPartyKind } from "@/lib/domain/payment-methods/third-party-kinds";
import type { GatewayListResponse } from "@/lib/api/schemas/responses/provider-responses";

export function gatewayResource(g: Gateway, kind: ThirdPartyKind) {
  return {
    id: g.id,
    name: g.name,
    code: g.code,
    min_amount: Number(g.minAmount.toFixed(2)),
    max_amount: Number(g.maxAmount.toFixed(2)),
    required_fields: g.requiredFields,
    ...(kind === "crypto" ? { supported_crypto_types: g.supportedCryptoTypes } : {}),
    description: g.description,
  };
}

/** GET /api/provider/third-party/{kind}/gateways: the active gateways of one method. */
export async function listGateways(kind: ThirdPartyKind): Promise<GatewayListResponse> {
  const gateways = await prisma.gateway.findMany({ where: { method: KINDS[kind].gatewayMethod, isActive: true }, orderBy: { id: "asc" } });
  return {
    success: true,
    message: `${gateways.length} ${kind} gateway${gateways.length === 1 ? "" : "s"} available`,
    data: { gateways: gateways.map((g) => gatewayResource(g, kind)), count: gateways.length },
    timestamp: formatDateTime(new Date()),
  };
}
