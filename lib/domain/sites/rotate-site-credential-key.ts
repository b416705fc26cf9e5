import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { randomKey } from "@/lib/base/crypto/random";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";

/** Issues a new credential key for a site; the old one stops working at once (401 Invalid credential key). */
export async function rotateSiteCredentialKey(siteId: number, actor: Actor) {
  const credentialKey = randomKey("ck_");
  return inTransaction(async (tx) => {
    if (!(await tx.site.findUnique({ where: { id: siteId }, select: { id: true } }))) {
      throw DomainError.notFound(refusal("doesNotExist", { entity: "site", id: siteId }));
    }
    await tx.site.update({ where: { id: siteId }, data: { credentialKey } });
    await recordAudit(tx, actor, { action: "site.rotate_credential_key", entityType: "site", entityId: siteId });
    return { id: siteId, credential_key: credentialKey };
  });
}
