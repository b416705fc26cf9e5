import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { rotatedSecretColumns, rotationAudit } from "@/lib/domain/accounts/account-secrets";
import { graceEnd } from "@/lib/domain/accounts/secret-rotation";
import { randomKey } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";

/**
 * Issues a new secret key. With a grace period the old secret keeps verifying incoming hashes until it
 * ends, so a provider can switch without downtime; callbacks are signed with the new secret at once.
 */
export async function rotateProviderSecret(providerId: number, actor: Actor, graceSeconds = 0) {
  const validTo = graceEnd(graceSeconds);
  const secretKey = randomKey("sk_", 32);
  return prisma.$transaction(async (tx) => {
    const current = await tx.provider.findUnique({ where: { id: providerId } });
    if (!current) throw DomainError.notFound(`Provider ${providerId} does not exist.`);
    await tx.provider.update({ where: { id: providerId }, data: rotatedSecretColumns(current.secretKeyEnc, secretKey, validTo) });
    await recordAudit(tx, actor, { action: "provider.rotate_secret", entityType: "provider", entityId: providerId, ...rotationAudit(current.previousSecretValidTo, validTo) });
    return { id: providerId, secret_key: secretKey, previous_secret_valid_until: validTo?.toISOString() ?? null };
  });
}
