import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { ipWhitelistTextSchema } from "@/lib/domain/schemas/ip-whitelist";

/** Replaces the whitelist from the editor's text; any bad line refuses the whole change. */
export async function updateProviderIpWhitelist(id: number, text: string, actor: Actor) {
  const ipWhitelist = validate(ipWhitelistTextSchema, text);
  return prisma.$transaction(async (tx) => {
    const before = await tx.provider.findUnique({ where: { id }, select: { ipWhitelist: true } });
    if (!before) throw DomainError.notFound(`Provider ${id} does not exist.`);
    const after = await tx.provider.update({ where: { id }, data: { ipWhitelist }, select: { ipWhitelist: true } });
    await recordAudit(tx, actor, { action: "provider.ip_whitelist", entityType: "provider", entityId: id, before, after });
    return after;
  });
}
