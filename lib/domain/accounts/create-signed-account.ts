import { randomKey } from "@/lib/base/crypto/random";
import { sealSecret } from "@/lib/base/crypto/sealed-columns";
import { type Db } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { ACCOUNT_KINDS, type AccountKind } from "./account-kinds";

/** A new account's API key and secret: the secret is returned in full this once and stored encrypted. */
export type IssuedKeys = { apiKey: string; secretKey: string };

type CreatedRow = { id: number; name: string; ipWhitelist: string[] };

/**
 * Creates a provider or a dealer with a new API key and secret (their prefixes are ACCOUNT_KINDS data) and
 * records `<kind>.create` in the audit log in the same transaction. What differs is data: the row's own
 * columns (`data`) and what the audit entry keeps (`audit`).
 */
export async function createSignedAccount(
  kind: AccountKind,
  actor: Actor,
  data: Record<string, unknown>,
  audit: (row: CreatedRow, keys: IssuedKeys) => Record<string, unknown>,
): Promise<IssuedKeys & { id: number }> {
  const keys = {
    apiKey: randomKey(ACCOUNT_KINDS[kind].apiKeyPrefix),
    secretKey: randomKey(ACCOUNT_KINDS[kind].secretPrefix, 32),
  };
  return inTransaction(async (tx) => {
    // Prisma's two delegates have no common type; create is all this needs of them.
    const table = ACCOUNT_KINDS[kind].table(tx as Db) as unknown as {
      create(args: { data: Record<string, unknown> }): Promise<CreatedRow>;
    };
    const row = await table.create({
      data: {
        ...data,
        apiKey: keys.apiKey,
        secretKeyEnc: sealSecret(`${ACCOUNT_KINDS[kind].sealedTable}.secret_key_enc`, keys.secretKey),
      },
    });
    await recordAudit(tx, actor, {
      action: `${kind}.create`,
      entityType: kind,
      entityId: row.id,
      after: audit(row, keys),
    });
    return { id: row.id, ...keys };
  });
}
