import { decryptSecret } from "@/lib/base/crypto/secret-box";
import { sealSecret } from "@/lib/base/crypto/sealed-columns";

type SecretColumns = { secretKeyEnc: string; previousSecretKeyEnc: string | null; previousSecretValidTo: Date | null };

/** When the previous secret stops verifying, or null when no rotation's grace period is running. */
export function previousSecretGraceEnd(row: Omit<SecretColumns, "secretKeyEnc">, now = new Date()): Date | null {
  return row.previousSecretKeyEnc && row.previousSecretValidTo && row.previousSecretValidTo > now
    ? row.previousSecretValidTo
    : null;
}

/** The secrets that verify a request: the current one, then the previous one while its grace period lasts. */
export function verifyingSecrets(row: SecretColumns, now = new Date()): string[] {
  const secrets = [decryptSecret(row.secretKeyEnc)];
  if (previousSecretGraceEnd(row, now)) secrets.push(decryptSecret(row.previousSecretKeyEnc!));
  return secrets;
}

/**
 * What a secret rotation writes (providers, dealers, site integrations): the new secret, and the current one
 * kept verifying until `validTo`, or dropped at once without a grace period.
 */
export function rotatedSecretColumns(
  table: "providers" | "dealers" | "site_integrations",
  currentSecretKeyEnc: string,
  newSecret: string,
  validTo: Date | null,
) {
  return {
    secretKeyEnc: sealSecret(`${table}.secret_key_enc`, newSecret),
    previousSecretKeyEnc: validTo ? currentSecretKeyEnc : null,
    previousSecretValidTo: validTo,
  };
}

/** A rotation's audit before/after: when the previous secret's grace period ends, never a secret. */
export function rotationAudit(before: Date | null, after: Date | null) {
  return {
    before: { previousSecretValidTo: before?.toISOString() ?? null },
    after: { previousSecretValidTo: after?.toISOString() ?? null },
  };
}
