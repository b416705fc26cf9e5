import { contractHash } from "@/lib/base/crypto/contract-hash";
import { callbackSigningInput, signatureHeader } from "@/lib/base/crypto/request-signature";
import { callbackJson } from "./callback-json";

export type SigningKeys = { apiKey: string; secretKey: string };

/**
 * Adds timestamp and hash to a callback body and builds its headers: X-Hash = H(api_key + secret_key +
 * tracking_code + status + timestamp), with the body's timestamp and hash equal to the headers', and
 * X-Signature = t=<timestamp>,v1=HMAC-SHA256(secret_key, timestamp.body), which covers the whole body.
 */
export function signCallback(
  payload: Record<string, unknown>,
  keys: SigningKeys,
  timestamp: number,
  delivery: { id: number; attempt: number; requestId?: string | null },
) {
  const hash = contractHash(
    keys.apiKey,
    keys.secretKey,
    String(payload.tracking_code),
    String(payload.status),
    timestamp,
  );
  const body = callbackJson({ ...payload, timestamp, hash });
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "payment-integration-service/callbacks",
    "x-api-key": keys.apiKey,
    "x-timestamp": String(timestamp),
    "x-hash": hash,
    "x-signature": signatureHeader(keys.secretKey, timestamp, callbackSigningInput(timestamp, body)),
    "x-delivery-id": String(delivery.id),
    "x-delivery-attempt": String(delivery.attempt),
    // The request that caused the callback, for tracing across both sides' logs.
    ...(delivery.requestId ? { "x-request-id": delivery.requestId } : {}),
  };
  return { body, headers };
}
