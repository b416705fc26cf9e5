import { randomBytes, randomInt } from "node:crypto";

/** URL-safe random key; 24 bytes = 192 bits (the contract asks for at least 128). */
export function randomKey(prefix = "", bytes = 24): string {
  return prefix + randomBytes(bytes).toString("base64url");
}

const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** The 8-character group of tracking codes, from a CSPRNG over A-Z0-9 (or another alphabet). */
export function randomCodeGroup(length = 8, alphabet = CODE_ALPHABET): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
