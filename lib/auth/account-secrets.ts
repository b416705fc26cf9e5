import { decryptSecret } from "@/lib/crypto/secret-box";

type SecretColumns = { secretKeyEnc: string; previousSecretKeyEnc: string | null; previousSecretValidTo: Date | null };

/** The secrets that verify a request: the current one, then the previous one while its grace period lasts. */
export function verifyingSecrets(row: SecretColumns, now = new Date()): string[] {
  const secrets = [decryptSecret(row.secretKeyEnc)];
  if (row.previousSecretKeyEnc && row.previousSecretValidTo && row.previousSecretValidTo > now) secrets.push(decryptSecret(row.previousSecretKeyEnc));
  return secrets;
}
