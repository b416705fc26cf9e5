import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { prisma } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";
import { validate } from "@/lib/http/validate";
import { updateSiteSchema, type UpdateSiteInput } from "@/lib/schemas/site";

const AUDITED = { name: true, dealerId: true, isActive: true, returnUrl: true } as const;

/**
 * Renames a site, assigns it to another dealer, (de)activates it or sets where its payment pages return to. Reassignment only affects new
 * payments: existing transactions keep the dealer they were created with.
 */
export async function updateSite(id: number, input: UpdateSiteInput, actor: Actor) {
  const data = validate(updateSiteSchema, input);
  return prisma.$transaction(async (tx) => {
    const before = await tx.site.findUnique({ where: { id }, select: AUDITED });
    if (!before) throw ApiError.plain(404, "Not found", `Site ${id} does not exist.`);
    if (!(await tx.dealer.findUnique({ where: { id: data.dealerId }, select: { id: true } }))) {
      throw ApiError.validation([`dealer ${data.dealerId} does not exist`]);
    }
    const after = await tx.site.update({ where: { id }, data, select: AUDITED });
    await recordAudit(tx, actor, { action: "site.update", entityType: "site", entityId: id, before, after });
    return after;
  });
}
