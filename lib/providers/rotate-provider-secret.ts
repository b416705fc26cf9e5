import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { randomKey } from "@/lib/crypto/random";
import { encryptSecret } from "@/lib/crypto/secret-box";
import { prisma } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";

/**
 * Issues a new secret key. With a grace period the old secret keeps verifying incoming hashes until it
 * ends, so a provider can switch without downtime; callbacks are signed with the new secret at once.
 */
export async function rotateProviderSecret(providerId: number, actor: Actor, graceSeconds = 0) {
  if (!Number.isInteger(graceSeconds) || graceSeconds < 0 || graceSeconds > 7 * 24 * 3600) {
    throw ApiError.validation(["grace must be a whole number of seconds between 0 and 604800"]);
  }
  const secretKey = randomKey("sk_", 32);
  return prisma.$transaction(async (tx) => {
    const current = await tx.provider.findUnique({ where: { id: providerId } });
    if (!current) throw ApiError.plain(404, "Not found", `Provider ${providerId} does not exist.`);
    const validTo = graceSeconds > 0 ? new Date(Date.now() + graceSeconds * 1000) : null;
    await tx.provider.update({
      where: { id: providerId },
      data: {
        secretKeyEnc: encryptSecret(secretKey),
        previousSecretKeyEnc: validTo ? current.secretKeyEnc : null,
        previousSecretValidTo: validTo,
      },
    });
    await recordAudit(tx, actor, {
      action: "provider.rotate_secret",
      entityType: "provider",
      entityId: providerId,
      after: { previousSecretValidTo: validTo?.toISOString() ?? null },
    });
    return { id: providerId, secret_key: secretKey, previous_secret_valid_until: validTo?.toISOString() ?? null };
  });
}
