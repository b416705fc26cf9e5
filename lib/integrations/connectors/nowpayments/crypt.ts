import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * NOWPayments' signatures and the payout API's one-time codes.
 *
 * IPN (API documentation, "Instant Payments Notifications"): the body's keys are sorted alphabetically,
 * recursively (their Node.js `sortObject`, PHP `tksort`, Python `json.dumps(sort_keys=True)`), the result is
 * written as compact JSON and signed with HMAC-SHA512 under the IPN secret; the hex digest arrives in the
 * `x-nowpayments-sig` header. Arrays keep their order (PHP and Python keep them as arrays; the Node example's
 * `typeof [] === "object"` would turn them into objects, but no documented IPN carries one).
 *
 * Numbers are written back as JavaScript writes them, which is what NOWPayments' own signer does; the
 * body must therefore be parsed with JSON.parse before re-serialising, never re-formatted by hand.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The body with every object's keys in code-unit order, nested objects included. */
export function sortKeysDeep(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === "object") {
    const sorted: { [key: string]: Json } = {};
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeysDeep(value[key]!);
    return sorted;
  }
  return value;
}

/** The string NOWPayments signs: the parsed body, keys sorted, compact JSON. */
export function canonicalIpnString(body: unknown): string {
  return JSON.stringify(sortKeysDeep(body as Json));
}

export function ipnSignature(ipnSecret: string, body: unknown): string {
  return createHmac("sha512", ipnSecret).update(canonicalIpnString(body)).digest("hex");
}

/** Constant-time comparison of the received header with our own signature (hex, any case). */
export function isValidIpnSignature(ipnSecret: string, body: unknown, received: string | undefined): boolean {
  if (!received || !/^[0-9a-fA-F]{128}$/.test(received)) return false;
  const expected = Buffer.from(ipnSignature(ipnSecret, body), "hex");
  return timingSafeEqual(expected, Buffer.from(received.toLowerCase(), "hex"));
}

// ---------------------------------------------------------------- RFC 6238 TOTP (the payout 2FA code)

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32, as authenticator apps show 2FA secrets (spaces, padding and case ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const digit = BASE32.indexOf(char);
    if (digit < 0) throw new Error("The 2FA secret is not base32");
    value = (value << 5) | digit;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export type TotpOptions = { digits?: number; stepSeconds?: number; algorithm?: "sha1" | "sha256" | "sha512" };

/**
 * RFC 6238: HOTP (RFC 4226) over the number of time steps since the Unix epoch. NOWPayments expects the
 * authenticator defaults (speakeasy's): SHA-1, 30-second steps, 6 digits.
 */
export function totp(key: Buffer, unixSeconds: number, options: TotpOptions = {}): string {
  const { digits = 6, stepSeconds = 30, algorithm = "sha1" } = options;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixSeconds / stepSeconds)));
  const mac = createHmac(algorithm, key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The code the payout verification wants now, from the account's base32 2FA secret. */
export function payoutVerificationCode(twoFactorSecret: string, now: Date = new Date()): string {
  return totp(base32Decode(twoFactorSecret), Math.floor(now.getTime() / 1000));
}
