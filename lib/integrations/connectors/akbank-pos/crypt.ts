import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Akbank's signatures, as mewebstudio/pos implements them (src/Crypt/AkbankPosCrypt.php) and its unit tests pin
 * them (tests/Unit/Crypt/AkbankPosCryptTest.php): every one is the Base64 of an HMAC-SHA512 keyed with the
 * terminal's secret key (its text as given, not hex-decoded), over values run together without any separator.
 *
 * - Our hosted-page form (`hash`): over the form's fields in the bank's fixed order (FORM_HASH_FIELDS); a field
 *   we do not send counts as empty, so the card fields of the other models drop out.
 * - The bank's return (`hash`): over the values of the fields its `hashParams` names ("+"-separated), in that order.
 * - An API request (`auth-hash` header): over the request's JSON body exactly as sent.
 */

/** The form fields the hash covers, in the bank's order. */
export const FORM_HASH_FIELDS = [
  "paymentModel",
  "txnCode",
  "merchantSafeId",
  "terminalSafeId",
  "orderId",
  "lang",
  "amount",
  "ccbRewardAmount",
  "pcbRewardAmount",
  "xcbRewardAmount",
  "currencyCode",
  "installCount",
  "okUrl",
  "failUrl",
  "emailAddress",
  "subMerchantId",
  "creditCard",
  "expiredDate",
  "cvv",
  "randomNumber",
  "requestDateTime",
  "b2bIdentityNumber",
] as const;

export function hmacBase64(data: string | Buffer, secretKey: string): string {
  return createHmac("sha512", Buffer.from(secretKey, "utf8")).update(data).digest("base64");
}

/** The form's `hash` over its fields (absent ones empty). */
export function formHash(fields: Readonly<Record<string, string | undefined>>, secretKey: string): string {
  return hmacBase64(FORM_HASH_FIELDS.map((name) => fields[name] ?? "").join(""), secretKey);
}

/** The return's `hash` over the named fields' values as the bank sent them (bytes), in `hashParams` order. */
export function returnHash(values: readonly Buffer[], secretKey: string): string {
  return hmacBase64(Buffer.concat([...values]), secretKey);
}

/** The `auth-hash` header of an API request: over the body's exact text. */
export function requestHash(body: string, secretKey: string): string {
  return hmacBase64(Buffer.from(body, "utf8"), secretKey);
}

/** The 128 hex characters of `randomNumber` (mewebstudio/pos: generateRandomString(128) over 0-9A-F). */
export function randomNumber(): string {
  return randomBytes(64).toString("hex").toUpperCase();
}

/** Compares two Base64 hashes (case matters in Base64) without leaking where they differ. */
export function sameHash(sent: string, expected: string): boolean {
  const a = Buffer.from(sent.trim());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
