import type { Db } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { validate } from "@/lib/domain/schemas/validate";
import { siteGatewayIdsSchema } from "@/lib/domain/schemas/site";

/** Replaces the site's gateways inside the caller's transaction; every id must be a gateway. Returns the ids kept. */
export async function replaceSiteGateways(tx: Db, siteId: number, gatewayIds: number[]): Promise<number[]> {
  const ids = [...new Set(gatewayIds)].sort((a, b) => a - b);
  const found = await tx.gateway.findMany({ where: { id: { in: ids } }, select: { id: true } });
  const missing = ids.filter((id) => !found.some((g) => g.id === id));
  if (missing.length)
    throw DomainError.validation(missing.map((id) => refusal("referenceMissing", { entity: "gateway", id })));
  await tx.siteGateway.deleteMany({ where: { siteId, gatewayId: { notIn: ids } } });
  await tx.siteGateway.createMany({ data: ids.map((gatewayId) => ({ siteId, gatewayId })), skipDuplicates: true });
  return ids;
}

/**
 * The gateways a site offers its customers on third-party deposit pages (the console's site panel,
 * `site:gateways`): exactly these, in place of the ones before. Audited with both lists.
 */
export async function setSiteGateways(siteId: number, input: unknown, actor: Actor) {
  const gatewayIds = validate(siteGatewayIdsSchema, input);
  return inTransaction(async (tx) => {
    const site = await tx.site.findUnique({
      where: { id: siteId },
      select: { id: true, gateways: { select: { gatewayId: true }, orderBy: { gatewayId: "asc" } } },
    });
    if (!site) throw DomainError.notFound(refusal("doesNotExist", { entity: "site", id: siteId }));
    const before = site.gateways.map((g) => g.gatewayId);
    const after = await replaceSiteGateways(tx, siteId, gatewayIds);
    await recordAudit(tx, actor, {
      action: "site.gateways",
      entityType: "site",
      entityId: siteId,
      before: { gatewayIds: before },
      after: { gatewayIds: after },
    });
    return { id: siteId, gateway_ids: after };
  });
}
