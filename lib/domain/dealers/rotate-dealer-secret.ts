import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { rotatedSecretColumns, rotationAudit } from "@/lib/domain/accounts/account-secrets";
import { graceEnd } from "@/lib/domain/accounts/secret-rotation";
import { randomKey } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";

/** The dealer's counterpart of rotateProviderSecret: the old secret verifies until the grace period ends. */
export async function rotateDealerSecret(dealerId: number, actor: Actor, graceSeconds = 0) {
  const validTo = graceEnd(graceSeconds);
  const secretKey = randomKey("ds_", 32);
  return prisma.$transaction(async (tx) => {
    const current = await tx.dealer.findUnique({ where: { id: dealerId } });
    if (!current) throw DomainError.notFound(`Dealer ${dealerId} does not exist.`);
    await tx.dealer.update({ where: { id: dealerId }, data: rotatedSecretColumns(current.secretKeyEnc, secretKey, validTo) });
    await recordAudit(tx, actor, { action: "dealer.rotate_secret", entityType: "dealer", entityId: dealerId, ...rotationAudit(current.previousSecretValidTo, validTo) });
    return { id: dealerId, secret_key: secretKey, previous_secret_valid_until: validTo?.toISOString() ?? null };
  });
}
