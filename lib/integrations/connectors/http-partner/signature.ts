import { createHmac } from "node:crypto";
import { hexDigestsEqual } from "@/lib/base/crypto/hash";
import { checkPartnerRequest, hmacSigner } from "@/lib/base/crypto/partner-signature";
import type { IncomingMessage, PartnerNonce } from "../ports";

/** Version 1's headers (the body's HMAC-SHA256, hex): gateways sign with this one, the bank with x-bank-signature. */
export const GATEWAY_SIGNATURE_HEADER = "x-gateway-signature";
export const BANK_SIGNATURE_HEADER = "x-bank-signature";

export function hmacHex(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

export function signatureMatches(secret: string, body: string, signature: string | null | undefined): boolean {
  return Boolean(signature) && hexDigestsEqual(hmacHex(secret, body), signature!);
}

/**
 * A partner's message checked with one secret (docs/partner-protocol.md, "Signatures"): version 2 over
 * method, path, timestamp, nonce and body, or version 1 over the body while the transition lasts. A
 * version 2 message hands back its nonce for the domain to remember.
 */
export function verifyPartnerMessage(
  secret: string,
  message: IncomingMessage,
  v1Header: string,
  now = new Date(),
): { ok: true; nonce?: PartnerNonce } | { ok: false; reason: string } {
  const check = checkPartnerRequest(
    hmacSigner(secret),
    { method: message.method, path: message.path, headers: message.headers, rawBody: message.rawBody },
    v1Header,
    now,
  );
  if (!check.ok) return check;
  return check.version === "v2"
    ? { ok: true, nonce: { value: check.nonce, rememberUntil: check.rememberUntil } }
    : { ok: true };
}
