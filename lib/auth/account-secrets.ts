import { decryptSecret } from "@/lib/crypto/secret-box";

type SecretColumns = { secretKeyEnc: string; previousSecretKeyEnc: string | null; previousSecretValidTo: Date | null };

/** When the previous secret stops verifying, or null when no rotation's grace period is running. */
export function previousSecretGraceEnd(row: Omit<SecretColumns, "secretKeyEnc">, now = new Date()): Date | null {
  return row.previousSecretKeyEnc && row.previousSecretValidTo && row.previousSecretValidTo > now ? row.previousSecretValidTo : null;
}

/** The secrets that verify a request: the current one, then the previous one while its grace period lasts. */
export function verifyingSecrets(row: SecretColumns, now = new Date()): string[] {
  const secrets = [decryptSecret(row.secretKeyEnc)];
  if (previousSecretGraceEnd(row, now)) secrets.push(decryptSecret(row.previousSecretKeyEnc!));
  return secrets;
}
