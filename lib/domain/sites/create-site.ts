import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { randomKey } from "@/lib/base/crypto/random";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { createSiteSchema, type CreateSiteInput } from "@/lib/domain/schemas/site";
import { refusal } from "@/lib/base/messages/errors";
import { replaceSiteGateways } from "./set-site-gateways";

/**
 * A provider's site on a dealer, with the return URL its payment pages send customers back to (required),
 * what those pages say about it (legal name, logo) and the gateways it offers (none unless chosen).
 */
export async function createSite(input: CreateSiteInput, actor: Actor) {
  const data = validate(createSiteSchema, input);
  const credentialKey = randomKey("ck_");
  return inTransaction(async (tx) => {
    const [provider, dealer] = await Promise.all([
      tx.provider.findUnique({ where: { id: data.providerId } }),
      tx.dealer.findUnique({ where: { id: data.dealerId } }),
    ]);
    const missing = [
      ...(provider ? [] : [refusal("referenceMissing", { entity: "provider", id: data.providerId })]),
      ...(dealer ? [] : [refusal("referenceMissing", { entity: "dealer", id: data.dealerId })]),
    ];
    if (!provider || !dealer) throw DomainError.validation(missing);
    const page = { returnUrl: data.returnUrl, legalName: data.legalName ?? null, logoUrl: data.logoUrl ?? null };
    const site = await tx.site.create({
      data: { providerId: data.providerId, dealerId: data.dealerId, name: data.name, credentialKey, ...page },
    });
    const gatewayIds = await replaceSiteGateways(tx, site.id, data.gatewayIds ?? []);
    await recordAudit(tx, actor, {
      action: "site.create",
      entityType: "site",
      entityId: site.id,
      after: { name: site.name, providerId: site.providerId, dealerId: site.dealerId, ...page, gatewayIds },
    });
    return { id: site.id, credential_key: credentialKey };
  });
}
