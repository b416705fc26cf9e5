import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * iyzico's two HMAC-SHA256 uses, as its documentation describes them:
 *  - IYZWSv2 request authentication (docs.iyzico.com "Authentication" / "HMACSHA256 Auth"): the header is
 *    "IYZWSv2 " + base64("apiKey:<key>&randomKey:<random>&signature:<hex>") where the hex is
 *    HMAC-SHA256(secretKey, randomKey + uriPath + body) over the exact request body sent;
 *  - response signatures (docs.iyzico.com "Response Signature Validation"): HMAC-SHA256(secretKey) in hex
 *    over listed response fields joined with ":", in the order the page gives per endpoint.
 * The official client computes the first for us, except on the daily report's call (report.ts), which is made
 * without it; the simulator computes it again. The second is checked on every answer we act on that carries one.
 */

export function hmacSha256Hex(secretKey: string, data: string): string {
  return createHmac("sha256", secretKey).update(data, "utf8").digest("hex");
}

export function iyzwsV2Authorization(input: {
  apiKey: string;
  secretKey: string;
  randomKey: string;
  uriPath: string;
  body: string;
}): string {
  const signature = hmacSha256Hex(input.secretKey, input.randomKey + input.uriPath + input.body);
  const credentials = `apiKey:${input.apiKey}&randomKey:${input.randomKey}&signature:${signature}`;
  return `IYZWSv2 ${Buffer.from(credentials, "utf8").toString("base64")}`;
}

/** The pieces of an IYZWSv2 header, or null when it is not one. */
export function parseIyzwsV2(
  header: string | undefined,
): { apiKey: string; randomKey: string; signature: string } | null {
  const match = /^IYZWSv2 ([A-Za-z0-9+/=]+)$/.exec(header ?? "");
  if (!match?.[1]) return null;
  const parts = /^apiKey:([^&]*)&randomKey:([^&]*)&signature:([0-9a-f]{64})$/.exec(
    Buffer.from(match[1], "base64").toString("utf8"),
  );
  if (!parts) return null;
  return { apiKey: parts[1] ?? "", randomKey: parts[2] ?? "", signature: parts[3] ?? "" };
}

/** Fields of each signed answer we read, in iyzico's documented order. */
export const SIGNED_FIELDS = {
  checkoutFormInitialize: ["conversationId", "token"],
  checkoutFormRetrieve: [
    "paymentStatus",
    "paymentId",
    "currency",
    "basketId",
    "conversationId",
    "paidPrice",
    "price",
    "token",
  ],
  paymentRetrieve: ["paymentId", "currency", "basketId", "conversationId", "paidPrice", "price"],
  refundV2: ["paymentId", "conversationId"],
} as const satisfies Record<string, readonly string[]>;

export type SignedAnswer = keyof typeof SIGNED_FIELDS;

/**
 * The signature iyzico puts on an answer. Values are joined as JavaScript writes them (numbers such as
 * paidPrice 10.5 as "10.5"), which is how iyzico's own clients check them; a missing field is "".
 */
export function responseSignature(kind: SignedAnswer, answer: Record<string, unknown>, secretKey: string): string {
  const values = SIGNED_FIELDS[kind].map((field) => {
    const value = answer[field];
    return value === undefined || value === null ? "" : String(value);
  });
  return hmacSha256Hex(secretKey, values.join(":"));
}

/** Constant-time check of an answer's `signature`; an answer without one is not verified. */
export function verifyResponseSignature(
  kind: SignedAnswer,
  answer: Record<string, unknown>,
  secretKey: string,
): boolean {
  const given = answer.signature;
  if (typeof given !== "string" || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(responseSignature(kind, answer, secretKey), "hex");
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), "hex"));
}
