import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { prisma } from "@/lib/base/db/prisma";
import type { Gateway } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { gatewaySchema, type GatewayInput } from "@/lib/domain/schemas/gateway";
import { newGatewaySecret } from "@/lib/integrations/gateways/gateway-secret";

/** What the audit log may hold of a gateway: everything but its secret. */
function audited(gateway: Gateway | null) {
  return gateway ? { ...gateway, webhookSecretEnc: undefined } : null;
}

/**
 * Creates a gateway (id undefined) or updates one; every change is audited with before and after. A new
 * gateway gets its own webhook secret, returned in plain text this once (to hand to the gateway partner).
 */
export async function saveGateway(id: number | undefined, input: GatewayInput, actor: Actor): Promise<Gateway & { webhookSecret: string | null }> {
  const data = validate(gatewaySchema, input);
  return prisma.$transaction(async (tx) => {
    const before = id ? await tx.gateway.findUnique({ where: { id } }) : null;
    if (id && !before) throw DomainError.notFound(`Gateway ${id} does not exist.`);
    const clash = await tx.gateway.findUnique({ where: { code: data.code } });
    if (clash && clash.id !== id) throw DomainError.validation([`a gateway with code ${data.code} already exists`]);
    const secret = id ? null : newGatewaySecret();
    const gateway = secret ? await tx.gateway.create({ data: { ...data, webhookSecretEnc: secret.sealed } }) : await tx.gateway.update({ where: { id }, data });
    await recordAudit(tx, actor, { action: id ? "gateway.update" : "gateway.create", entityType: "gateway", entityId: gateway.id, before: audited(before), after: audited(gateway) });
    return { ...gateway, webhookSecret: secret?.plain ?? null };
  });
}

/** Issues a new webhook secret for a gateway at once (the previous one stops working); shown once. */
export async function rotateGatewaySecret(id: number, actor: Actor): Promise<{ id: number; code: string; webhookSecret: string }> {
  return prisma.$transaction(async (tx) => {
    const gateway = await tx.gateway.findUnique({ where: { id } });
    if (!gateway) throw DomainError.notFound(`Gateway ${id} does not exist.`);
    const secret = newGatewaySecret();
    await tx.gateway.update({ where: { id }, data: { webhookSecretEnc: secret.sealed } });
    await recordAudit(tx, actor, { action: "gateway.rotate_secret", entityType: "gateway", entityId: id, after: { code: gateway.code } });
    return { id, code: gateway.code, webhookSecret: secret.plain };
  });
}
