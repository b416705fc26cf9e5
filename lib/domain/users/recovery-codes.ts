import { createHash } from "node:crypto";
import { randomCodeGroup } from "@/lib/base/crypto/random";

/**
 * Recovery codes are printed or written down and typed back in a hurry, by an admin locked out of the console.
 * They are drawn from Crockford's base 32 (digits and capitals without I, L, O and U), so no character can be
 * taken for another, and what is typed is read the way Crockford's alphabet reads it: O as 0, I and L as 1,
 * lower case as upper, spaces and hyphens ignored. A code misread off the paper still works.
 */
export const RECOVERY_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const RECOVERY_CODES = 10;

/** Ten fresh codes, shown once, as "XXXXX-XXXXX". */
export function newRecoveryCodes(): string[] {
  return Array.from(
    { length: RECOVERY_CODES },
    () => `${randomCodeGroup(5, RECOVERY_ALPHABET)}-${randomCodeGroup(5, RECOVERY_ALPHABET)}`,
  );
}

const plain = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** What is stored of a code: its hash, never the code. */
export function recoveryCodeHash(code: string): string {
  return sha256(plain(code));
}

/**
 * The hashes a typed code may match: as typed, and with the look-alikes read as Crockford reads them. Codes made
 * before the alphabet changed (A-Z0-9, with O, I and L in them) still match as typed.
 */
export function typedRecoveryCodeHashes(typed: string): string[] {
  const asTyped = plain(typed);
  const read = asTyped.replace(/O/g, "0").replace(/[IL]/g, "1");
  return [...new Set([sha256(asTyped), sha256(read)])];
}
