import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { randomKey } from "@/lib/base/crypto/random";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { validate } from "@/lib/domain/schemas/validate";
import { createSiteSchema, type CreateSiteInput } from "@/lib/domain/schemas/site";

export async function createSite(input: CreateSiteInput, actor: Actor) {
  const data = validate(createSiteSchema, input);
  const credentialKey = randomKey("ck_");
  return inTransaction(async (tx) => {
    const [provider, dealer] = await Promise.all([
      tx.provider.findUnique({ where: { id: data.providerId } }),
      tx.dealer.findUnique({ where: { id: data.dealerId } }),
    ]);
    const missing = [!provider && `provider ${data.providerId} does not exist`, !dealer && `dealer ${data.dealerId} does not exist`];
    if (!provider || !dealer) throw DomainError.validation(missing.filter((m): m is string => Boolean(m)));
    const site = await tx.site.create({ data: { providerId: data.providerId, dealerId: data.dealerId, name: data.name, credentialKey } });
    await recordAudit(tx, actor, { action: "site.create", entityType: "site", entityId: site.id, after: { name: site.name, providerId: site.providerId, dealerId: site.dealerId } });
    return { id: site.id, credential_key: credentialKey };
  });
}
