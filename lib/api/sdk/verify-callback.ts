import { contractHash, sameHash, unixSeconds } from "@/lib/base/crypto/contract-hash";
import { callbackSigningInput, checkSignature } from "@/lib/base/crypto/request-signature";
import type { Credentials } from "./transport";

export type CallbackCheck = { valid: true; body: Record<string, unknown> } | { valid: false; reason: string };

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Verifies a callback as the API documents ask a receiver to: X-Hash = H(api_key + secret_key +
 * tracking_code + status + timestamp) with the body's fields and X-Timestamp; and, because that hash covers
 * neither amount nor user_id, X-Signature = t=<timestamp>,v1=HMAC-SHA256(secret_key, timestamp.rawBody) over
 * the body exactly as received. Answer 401 when invalid, 200 when valid (dealers: 200 with {"success": true}).
 * Deduplicate on X-Delivery-Id.
 */
export function verifyCallback(
  request: { headers: HeaderSource; rawBody: string },
  keys: Credentials,
  options: { maxAgeSeconds?: number; now?: Date } = {},
): CallbackCheck {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(request.rawBody) as Record<string, unknown>;
  } catch {
    return { valid: false, reason: "body is not JSON" };
  }
  const timestamp = header(request.headers, "x-timestamp");
  const hash = header(request.headers, "x-hash");
  if (!timestamp || !hash) return { valid: false, reason: "X-Timestamp or X-Hash missing" };
  if (header(request.headers, "x-api-key") !== keys.apiKey) return { valid: false, reason: "X-Api-Key is not yours" };
  if (String(body.timestamp) !== timestamp) return { valid: false, reason: "body timestamp differs from X-Timestamp" };
  const expected = contractHash(
    keys.apiKey,
    keys.secretKey,
    String(body.tracking_code),
    String(body.status),
    timestamp,
  );
  if (!sameHash(expected, hash)) return { valid: false, reason: "X-Hash does not verify" };
  const maxAge = options.maxAgeSeconds ?? 0;
  const signature = checkSignature(
    header(request.headers, "x-signature"),
    [keys.secretKey],
    (t) => callbackSigningInput(t, request.rawBody),
    {
      toleranceSeconds: maxAge > 0 ? maxAge : Number.POSITIVE_INFINITY,
      now: options.now,
    },
  );
  if (!signature.valid) return { valid: false, reason: signature.reason };
  if (String(signature.timestamp) !== timestamp)
    return { valid: false, reason: "X-Signature timestamp differs from X-Timestamp" };
  if (maxAge > 0 && Math.abs(unixSeconds(options.now) - Number(timestamp)) > maxAge)
    return { valid: false, reason: "timestamp too old" };
  return { valid: true, body };
}
