import { prisma } from "@/lib/base/db/prisma";
import type { Gateway } from "@/lib/generated/prisma/client";
import type { GatewayMethod } from "@/lib/domain/payment-methods";
import { maskConfig, type SealedConfig } from "@/lib/integrations/connectors/sealed-config";

/** A gateway as admins see it (the CLI): its connector and configuration with secrets masked. */
export function gatewaySummary(g: Gateway) {
  return {
    id: g.id,
    method: g.method.toLowerCase(),
    name: g.name,
    code: g.code,
    min_amount: g.minAmount.toFixed(2),
    max_amount: g.maxAmount.toFixed(2),
    required_fields: g.requiredFields,
    supported_crypto_types: g.supportedCryptoTypes,
    description: g.description,
    description_tr: g.descriptionTr,
    is_active: g.isActive,
    connector: g.adapter,
    config: g.config ? maskConfig(g.config as SealedConfig) : null,
  };
}

/** Every third-party gateway, active or not, optionally of one method. */
export async function listAllGateways(method?: GatewayMethod) {
  const rows = await prisma.gateway.findMany({ where: { method }, orderBy: [{ method: "asc" }, { id: "asc" }] });
  return rows.map(gatewaySummary);
}

/** Every gateway as stored, for the admins' console list, by method then age. */
export function listGatewaysForConsole() {
  return prisma.gateway.findMany({ orderBy: [{ method: "asc" }, { id: "asc" }] });
}

/**
 * Every gateway as a choice for a site's gateways, active or not (the form marks the inactive ones), by method then
 * age.
 */
export function listGatewayChoices() {
  return prisma.gateway.findMany({
    orderBy: [{ method: "asc" }, { id: "asc" }],
    select: { id: true, name: true, method: true, isActive: true },
  });
}
