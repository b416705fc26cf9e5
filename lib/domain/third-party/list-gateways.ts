import { prisma } from "@/lib/base/db/prisma";
import type { Gateway } from "@/lib/generated/prisma/client";
import { KINDS, type ThirdPartyKind } from "@/lib/domain/payment-methods/third-party-kinds";

/** The active gateways of one method, oldest first. */
export type GatewayList = { kind: ThirdPartyKind; gateways: Gateway[] };

/** GET /api/provider/third-party/{kind}/gateways: the active gateways of one method. */
export async function listGateways(kind: ThirdPartyKind): Promise<GatewayList> {
  const gateways = await prisma.gateway.findMany({
    where: { method: KINDS[kind].gatewayMethod, isActive: true },
    orderBy: { id: "asc" },
  });
  return { kind, gateways };
}
