import { createHmac } from "node:crypto";
import { hexDigestsEqual } from "@/lib/base/crypto/hash";

/** Gateways sign with this header, the bank with x-bank-signature: HMAC-SHA256 of the exact body, hex. */
export const GATEWAY_SIGNATURE_HEADER = "x-gateway-signature";
export const BANK_SIGNATURE_HEADER = "x-bank-signature";

export function hmacHex(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

export function signatureMatches(secret: string, body: string, signature: string | null | undefined): boolean {
  return Boolean(signature) && hexDigestsEqual(hmacHex(secret, body), signature!);
}
