import { createHmac, timingSafeEqual } from "node:crypto";
import type { ServerResponse } from "node:http";

/**
 * NOWPayments' wire details as the simulator speaks them, written from their API documentation and kept
 * apart from the connector's code so the tests cross-check two implementations.
 */

/** The documentation's Node.js example, word for word in behaviour: sort keys, recurse into objects. */
function sortObject(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.keys(obj)
    .sort()
    .reduce<Record<string, unknown>>((result, key) => {
      const value = obj[key];
      result[key] =
        value && typeof value === "object" && !Array.isArray(value)
          ? sortObject(value as Record<string, unknown>)
          : value;
      return result;
    }, {});
}

/** x-nowpayments-sig: HMAC-SHA512 (hex) of JSON.stringify(sortObject(body)) under the IPN secret. */
export function signIpn(ipnSecret: string, body: Record<string, unknown>): string {
  return createHmac("sha512", ipnSecret)
    .update(JSON.stringify(sortObject(body)))
    .digest("hex");
}

/** NOWPayments' error body. */
export function errorBody(statusCode: number, code: string, message: string) {
  return { status: false, statusCode, code, message };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

// ---------------------------------------------------------------- JWT (HS256) for /v1/auth

const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

/** NOWPayments: "For security reasons, JWT tokens expire in 5 minutes." */
export const JWT_LIFETIME_SECONDS = 300;

export function issueJwt(key: string, subject: string, nowSeconds: number): string {
  const head = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const claims = b64url(JSON.stringify({ id: subject, iat: nowSeconds, exp: nowSeconds + JWT_LIFETIME_SECONDS }));
  const sig = createHmac("sha256", key).update(`${head}.${claims}`).digest("base64url");
  return `${head}.${claims}.${sig}`;
}

export function jwtIsValid(key: string, token: string, nowSeconds: number): boolean {
  const [head, claims, sig] = token.split(".");
  if (!head || !claims || !sig) return false;
  const expected = Buffer.from(createHmac("sha256", key).update(`${head}.${claims}`).digest("base64url"));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  try {
    const { exp } = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as { exp?: number };
    return typeof exp === "number" && exp > nowSeconds;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- TOTP, as an authenticator app computes it

function fromBase32(secret: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bits = [...secret.replace(/=+$/, "").toUpperCase()]
    .map((c) => alphabet.indexOf(c).toString(2).padStart(5, "0"))
    .join("");
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** HOTP-SHA1 over 30-second steps, 6 digits (speakeasy's defaults, which NOWPayments tells you to keep). */
export function authenticatorCode(secret: string, unixSeconds: number): string {
  const counter = Buffer.alloc(8);
  counter.writeUInt32BE(Math.floor(unixSeconds / 30), 4);
  const mac = createHmac("sha1", fromBase32(secret)).update(counter).digest();
  const at = mac[19]! & 0xf;
  const code = ((mac[at]! & 0x7f) << 24) | (mac[at + 1]! << 16) | (mac[at + 2]! << 8) | mac[at + 3]!;
  return (code % 1_000_000).toString().padStart(6, "0");
}

/** A code is accepted for the current step and one step either side (clock drift), as authenticators do. */
export function codeIsValid(secret: string, code: string, unixSeconds: number): boolean {
  return [-30, 0, 30].some((drift) => authenticatorCode(secret, unixSeconds + drift) === code);
}
