import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { graceEnd } from "@/lib/auth/secret-rotation";
import { randomKey } from "@/lib/crypto/random";
import { encryptSecret } from "@/lib/crypto/secret-box";
import { prisma } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";

/** The dealer's counterpart of rotateProviderSecret: the old secret verifies until the grace period ends. */
export async function rotateDealerSecret(dealerId: number, actor: Actor, graceSeconds = 0) {
  const validTo = graceEnd(graceSeconds);
  const secretKey = randomKey("ds_", 32);
  return prisma.$transaction(async (tx) => {
    const current = await tx.dealer.findUnique({ where: { id: dealerId } });
    if (!current) throw ApiError.plain(404, "Not found", `Dealer ${dealerId} does not exist.`);
    await tx.dealer.update({
      where: { id: dealerId },
      data: {
        secretKeyEnc: encryptSecret(secretKey),
        previousSecretKeyEnc: validTo ? current.secretKeyEnc : null,
        previousSecretValidTo: validTo,
      },
    });
    await recordAudit(tx, actor, {
      action: "dealer.rotate_secret",
      entityType: "dealer",
      entityId: dealerId,
      before: { previousSecretValidTo: current.previousSecretValidTo?.toISOString() ?? null },
      after: { previousSecretValidTo: validTo?.toISOString() ?? null },
    });
    return { id: dealerId, secret_key: secretKey, previous_secret_valid_until: validTo?.toISOString() ?? null };
  });
}
