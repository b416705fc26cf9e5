import { randomKey } from "@/lib/base/crypto/random";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { ACCOUNT_KINDS, accountTable, type AccountKind } from "./account-kinds";
import { rotatedSecretColumns, rotationAudit } from "./account-secrets";
import { graceEnd } from "./secret-rotation";
import { refusal } from "@/lib/base/messages/errors";

/**
 * Issues a provider's or a dealer's new secret key. With a grace period the old secret keeps verifying
 * incoming hashes until it ends, so the account can switch without downtime; callbacks are signed with the
 * new secret at once.
 */
export async function rotateAccountSecret(kind: AccountKind, id: number, actor: Actor, graceSeconds = 0) {
  const validTo = graceEnd(graceSeconds);
  const secretKey = randomKey(ACCOUNT_KINDS[kind].secretPrefix, 32);
  return inTransaction(async (tx) => {
    const accounts = accountTable(tx, kind);
    const current = await accounts.findSecret(id);
    if (!current) throw DomainError.notFound(refusal("doesNotExist", { entity: kind, id }));
    await accounts.writeSecret(
      id,
      rotatedSecretColumns(ACCOUNT_KINDS[kind].sealedTable, current.secretKeyEnc, secretKey, validTo),
    );
    await recordAudit(tx, actor, {
      action: `${kind}.rotate_secret`,
      entityType: kind,
      entityId: id,
      ...rotationAudit(current.previousSecretValidTo, validTo),
    });
    return { id, secret_key: secretKey, previous_secret_valid_until: validTo?.toISOString() ?? null };
  });
}
