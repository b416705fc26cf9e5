import { createHmac, randomBytes } from "node:crypto";
import { settings } from "@/lib/base/config/settings";
import { hexDigestsEqual } from "./hash";

/**
 * The http-partner protocol's signatures (docs/partner-protocol.md), shared by the connector that calls a
 * partner and checks what it sends, and by the sandbox that plays one.
 *
 * Version 2 signs what the message is and when: HMAC-SHA256(secret, "v2\n" METHOD "\n" path "\n" timestamp
 * "\n" nonce "\n" body), sent as `x-partner-signature: v2=<hex>` with `x-partner-timestamp` (Unix seconds)
 * and `x-partner-nonce`. A message is taken within 5 minutes of its timestamp, once: its nonce is remembered
 * (by the caller, in PostgreSQL) until the window has passed. An answer is signed over the nonce of the
 * request it answers, its status and its body, so it cannot be replayed as the answer to another request.
 *
 * Version 1 signs the body only (`x-gateway-signature` / `x-bank-signature`: HMAC-SHA256(secret, body)); it
 * is accepted until settings.partnerV1AcceptedUntil and refused after.
 */
export const PARTNER_TIMESTAMP_HEADER = "x-partner-timestamp";
export const PARTNER_NONCE_HEADER = "x-partner-nonce";
export const PARTNER_SIGNATURE_HEADER = "x-partner-signature";
export const PARTNER_WINDOW_SECONDS = 300;

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
const TIMESTAMP = /^\d{1,12}$/;
const V2_SIGNATURE = /^v2=([0-9a-fA-F]{64})$/;

/** HMAC-SHA256 of a text with the party's secret, lower-case hex; the secret itself stays with its owner. */
export type Signer = (text: string) => string;

export function hmacSigner(secret: string): Signer {
  return (text) => createHmac("sha256", secret).update(text).digest("hex");
}

export function v2RequestText(method: string, path: string, timestamp: string, nonce: string, body: string): string {
  return ["v2", method.toUpperCase(), path, timestamp, nonce, body].join("\n");
}

export function v2AnswerText(requestNonce: string, status: number, body: string): string {
  return ["v2-answer", requestNonce, String(status), body].join("\n");
}

/** 24 URL-safe characters (144 random bits): unique per message, never reused on a retry. */
export function newPartnerNonce(): string {
  return randomBytes(18).toString("base64url");
}

export function v1Accepted(now = new Date()): boolean {
  return now < settings.partnerV1AcceptedUntil;
}

/**
 * The headers of a signed request: version 2 always; the version 1 header as well while the transition
 * lasts, so a partner that has not moved to version 2 yet keeps verifying us.
 */
export function signedRequestHeaders(
  sign: Signer,
  request: { method: string; path: string; body: string; v1Header: string },
  now = new Date(),
  nonce = newPartnerNonce(),
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const requestText = v2RequestText(request.method, request.path, timestamp, nonce, request.body);
  return {
    [PARTNER_TIMESTAMP_HEADER]: timestamp,
    [PARTNER_NONCE_HEADER]: nonce,
    [PARTNER_SIGNATURE_HEADER]: `v2=${sign(requestText)}`,
    ...(v1Accepted(now) ? { [request.v1Header]: sign(request.body) } : {}),
  };
}

export type PartnerCheck =
  | { ok: true; version: "v1" }
  /** The caller must remember `nonce` (per signer) until `rememberUntil` and refuse it when seen again. */
  | { ok: true; version: "v2"; nonce: string; rememberUntil: Date }
  | { ok: false; reason: string };

type Headers = Record<string, string | undefined>;

/**
 * Checks a signed message: version 2 when any of its headers is present (a message that carries them is
 * judged by them alone), else version 1 while it is accepted. The signature is checked before the window,
 * so only an authentic message is ever told it is late.
 */
export function checkPartnerRequest(
  sign: Signer,
  message: { method: string; path?: string; headers: Headers; rawBody: string },
  v1Header: string,
  now = new Date(),
): PartnerCheck {
  const h = message.headers;
  const timestamp = h[PARTNER_TIMESTAMP_HEADER];
  const nonce = h[PARTNER_NONCE_HEADER];
  const signature = h[PARTNER_SIGNATURE_HEADER];
  if (timestamp !== undefined || nonce !== undefined || signature !== undefined) {
    if (!timestamp || !TIMESTAMP.test(timestamp))
      return { ok: false, reason: "v2: x-partner-timestamp is missing or not Unix seconds" };
    if (!nonce || !NONCE.test(nonce))
      return { ok: false, reason: "v2: x-partner-nonce is missing or not 16-64 characters of A-Z a-z 0-9 _ -" };
    const given = signature ? V2_SIGNATURE.exec(signature)?.[1] : undefined;
    if (!given) return { ok: false, reason: "v2: x-partner-signature is missing or not v2=<64 hex>" };
    if (message.path === undefined) return { ok: false, reason: "v2: the request path is unknown" };
    if (!hexDigestsEqual(sign(v2RequestText(message.method, message.path, timestamp, nonce, message.rawBody)), given))
      return { ok: false, reason: "v2: signature does not match" };
    const at = Number(timestamp);
    if (Math.abs(now.getTime() / 1000 - at) > PARTNER_WINDOW_SECONDS)
      return { ok: false, reason: "v2: timestamp outside the 5-minute window" };
    // Kept a minute past the window, for clocks of several servers that differ by a little.
    return { ok: true, version: "v2", nonce, rememberUntil: new Date((at + PARTNER_WINDOW_SECONDS + 60) * 1000) };
  }
  if (!v1Accepted(now)) return { ok: false, reason: "v1 signatures are no longer accepted" };
  const v1 = h[v1Header];
  if (!v1 || !hexDigestsEqual(sign(message.rawBody), v1)) return { ok: false, reason: "signature does not match" };
  return { ok: true, version: "v1" };
}

/** The header of a version 2 answer to the request that carried `requestNonce`. */
export function signedAnswerHeaders(
  sign: Signer,
  requestNonce: string,
  status: number,
  body: string,
): Record<string, string> {
  return { [PARTNER_SIGNATURE_HEADER]: `v2=${sign(v2AnswerText(requestNonce, status, body))}` };
}

/**
 * Checks a partner's answer to our request: version 2 (over our request's nonce, the status and the body),
 * or, while the transition lasts, the version 1 header over the body alone.
 */
export function checkPartnerAnswer(
  sign: Signer,
  answer: { requestNonce: string; status: number; headers: Headers; body: string },
  v1Header: string,
  now = new Date(),
): { ok: true } | { ok: false; reason: string } {
  const signature = answer.headers[PARTNER_SIGNATURE_HEADER];
  if (signature !== undefined) {
    const given = V2_SIGNATURE.exec(signature)?.[1];
    if (!given || !hexDigestsEqual(sign(v2AnswerText(answer.requestNonce, answer.status, answer.body)), given))
      return { ok: false, reason: "the answer's v2 signature does not match" };
    return { ok: true };
  }
  const v1 = answer.headers[v1Header];
  if (v1 && v1Accepted(now) && hexDigestsEqual(sign(answer.body), v1)) return { ok: true };
  return { ok: false, reason: v1 ? "the answer's signature does not match" : "the answer is not signed" };
}
