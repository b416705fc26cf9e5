import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { prisma } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";
import { validate } from "@/lib/http/validate";
import { gatewaySchema, type GatewayInput } from "@/lib/schemas/gateway";

/** Creates a gateway (id undefined) or updates one; every change is audited with before and after. */
export async function saveGateway(id: number | undefined, input: GatewayInput, actor: Actor) {
  const data = validate(gatewaySchema, input);
  return prisma.$transaction(async (tx) => {
    const before = id ? await tx.gateway.findUnique({ where: { id } }) : null;
    if (id && !before) throw ApiError.plain(404, "Not found", `Gateway ${id} does not exist.`);
    const clash = await tx.gateway.findUnique({ where: { code: data.code } });
    if (clash && clash.id !== id) throw ApiError.validation([`a gateway with code ${data.code} already exists`]);
    const gateway = id ? await tx.gateway.update({ where: { id }, data }) : await tx.gateway.create({ data });
    await recordAudit(tx, actor, { action: id ? "gateway.update" : "gateway.create", entityType: "gateway", entityId: gateway.id, before, after: gateway });
    return gateway;
  });
}
