import { createHmac } from "node:crypto";
import { sameHash } from "./contract-hash";

/**
 * The optional body signature, in the style of Stripe's and Svix's: `X-Signature: t=<unix seconds>,v1=<hex>`,
 * v1 = HMAC-SHA256 with the account's secret key. Unlike X-Hash it covers what is sent, so captured headers
 * cannot be reused for another endpoint or another body.
 */
export const SIGNATURE_HEADER = "X-Signature";

/** What a request's v1 signs: `timestamp.METHOD.path.body`, path with its query string as in the request line. */
export function requestSigningInput(timestamp: string | number, method: string, path: string, body: string): string {
  return `${timestamp}.${method.toUpperCase()}.${path}.${body}`;
}

/** What a callback's v1 signs: `timestamp.body` (the receiver's own path is not part of it). */
export function callbackSigningInput(timestamp: string | number, body: string): string {
  return `${timestamp}.${body}`;
}

/** The X-Signature value for one signing input. */
export function signatureHeader(secretKey: string, timestamp: string | number, signingInput: string): string {
  return `t=${timestamp},v1=${createHmac("sha256", secretKey).update(signingInput).digest("hex")}`;
}

/** `t=...,v1=...[,v1=...]` split into its timestamp and v1 values; null when it is not of that form. */
export function parseSignatureHeader(value: string): { timestamp: string; v1: string[] } | null {
  let timestamp: string | null = null;
  const v1: string[] = [];
  for (const part of value.split(",")) {
    const [name, item = ""] = part.trim().split("=", 2);
    if (name === "t" && /^\d{1,12}$/.test(item)) timestamp = item;
    else if (name === "v1" && /^[0-9a-fA-F]{64}$/.test(item)) v1.push(item);
  }
  return timestamp && v1.length ? { timestamp, v1 } : null;
}

export type SignatureCheck = { valid: true; timestamp: number } | { valid: false; reason: string };

/**
 * Checks an X-Signature value against any of `secrets` (a rotation's grace period) and a timestamp window:
 * `signingInput` builds what was signed from the header's timestamp.
 */
export function checkSignature(
  value: string | null | undefined,
  secrets: string[],
  signingInput: (timestamp: string) => string,
  options: { toleranceSeconds: number; now?: Date },
): SignatureCheck {
  if (value === null || value === undefined) return { valid: false, reason: "X-Signature is missing" };
  if (!value.trim()) return { valid: false, reason: "X-Signature is empty" };
  const parsed = parseSignatureHeader(value);
  if (!parsed) return { valid: false, reason: "X-Signature must be t=<unix seconds>,v1=<64 hex digits>" };
  const age = Math.abs(Math.floor((options.now ?? new Date()).getTime() / 1000) - Number(parsed.timestamp));
  if (age > options.toleranceSeconds)
    return { valid: false, reason: `the X-Signature timestamp is more than ${options.toleranceSeconds} seconds away` };
  const input = signingInput(parsed.timestamp);
  const ok = secrets.some((secret) => {
    const expected = signatureHeader(secret, parsed.timestamp, input).slice(`t=${parsed.timestamp},v1=`.length);
    return parsed.v1.some((given) => sameHash(expected, given));
  });
  return ok
    ? { valid: true, timestamp: Number(parsed.timestamp) }
    : { valid: false, reason: "X-Signature does not match the body" };
}
