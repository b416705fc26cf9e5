import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { updateSiteSchema, type UpdateSiteInput } from "@/lib/domain/schemas/site";
import { refusal } from "@/lib/base/messages/errors";

const AUDITED = {
  name: true,
  dealerId: true,
  isActive: true,
  returnUrl: true,
  legalName: true,
  logoUrl: true,
} as const;

/**
 * Renames a site, assigns it to another dealer, (de)activates it or sets what its payment pages show (legal
 * name, logo) and where they return to. Reassignment only affects new
 * payments: existing transactions keep the dealer they were created with.
 */
export async function updateSite(id: number, input: UpdateSiteInput, actor: Actor) {
  const data = validate(updateSiteSchema, input);
  return inTransaction(async (tx) => {
    const before = await tx.site.findUnique({ where: { id }, select: AUDITED });
    if (!before) throw DomainError.notFound(refusal("doesNotExist", { entity: "site", id }));
    if (!(await tx.dealer.findUnique({ where: { id: data.dealerId }, select: { id: true } }))) {
      throw DomainError.validation([refusal("referenceMissing", { entity: "dealer", id: data.dealerId })]);
    }
    const after = await tx.site.update({ where: { id }, data, select: AUDITED });
    await recordAudit(tx, actor, { action: "site.update", entityType: "site", entityId: id, before, after });
    return after;
  });
}

/**
 * A site as stored, or null: the values an update keeps for the fields it is not given (the admin CLI's site:update).
 */
export function findSite(id: number) {
  return prisma.site.findUnique({ where: { id } });
}
