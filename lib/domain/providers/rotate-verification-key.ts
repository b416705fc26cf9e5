import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { randomKey } from "@/lib/base/crypto/random";
import { sealSecret } from "@/lib/base/crypto/sealed-columns";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";

/**
 * Issues a new verification key (X-Key of the sites endpoint). It replaces the old one at once: it only
 * guards listing sites, so a short gap is cheaper than keeping two valid.
 */
export async function rotateVerificationKey(providerId: number, actor: Actor) {
  const verificationKey = randomKey("vk_");
  return inTransaction(async (tx) => {
    if (!(await tx.provider.findUnique({ where: { id: providerId }, select: { id: true } }))) {
      throw DomainError.notFound(refusal("doesNotExist", { entity: "provider", id: providerId }));
    }
    await tx.provider.update({
      where: { id: providerId },
      data: { verificationKeyEnc: sealSecret("providers.verification_key_enc", verificationKey) },
    });
    await recordAudit(tx, actor, {
      action: "provider.rotate_verification_key",
      entityType: "provider",
      entityId: providerId,
    });
    return { id: providerId, verification_key: verificationKey };
  });
}
