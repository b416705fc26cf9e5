import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { ipWhitelistTextSchema } from "@/lib/domain/schemas/ip-whitelist";

/** Replaces the dealer's whitelist; an empty one lifts the IP restriction (docs/decisions.md). */
export async function updateDealerIpWhitelist(id: number, text: string, actor: Actor) {
  const ipWhitelist = validate(ipWhitelistTextSchema, text);
  return prisma.$transaction(async (tx) => {
    const before = await tx.dealer.findUnique({ where: { id }, select: { ipWhitelist: true } });
    if (!before) throw DomainError.notFound(`Dealer ${id} does not exist.`);
    const after = await tx.dealer.update({ where: { id }, data: { ipWhitelist }, select: { ipWhitelist: true } });
    await recordAudit(tx, actor, { action: "dealer.ip_whitelist", entityType: "dealer", entityId: id, before, after });
    return after;
  });
}
