import { createHmac } from "node:crypto";
import { gzipSync } from "node:zlib";

/**
 * The bank side's wire helpers, written apart from the connector's on purpose (a shared bug would agree with
 * itself): Akbank's HMAC-SHA512 signatures as its integration guide describes them (mewebstudio/pos pins them),
 * its local times, and the gzip-in-Base64 of the date-range history.
 */
export function sign(text: string | Buffer, secretKey: string): string {
  return createHmac("sha512", secretKey).update(text).digest("base64");
}

/** The merchant form's fields in the order the hash runs them together (missing ones empty). */
const FORM_ORDER =
  "paymentModel txnCode merchantSafeId terminalSafeId orderId lang amount ccbRewardAmount pcbRewardAmount " +
  "xcbRewardAmount currencyCode installCount okUrl failUrl emailAddress subMerchantId creditCard expiredDate cvv " +
  "randomNumber requestDateTime b2bIdentityNumber";

export function formSignature(get: (name: string) => string, secretKey: string): string {
  return sign(
    FORM_ORDER.split(" ")
      .map((name) => get(name))
      .join(""),
    secretKey,
  );
}

/** The return's fields signed over `hashParams` (names joined by "+"), appended as hashParams and hash. */
export function signReturn(fields: [string, string][], names: string[], secretKey: string): [string, string][] {
  const value = (name: string) => fields.find(([n]) => n === name)?.[1] ?? "";
  const hash = sign(Buffer.from(names.map(value).join(""), "utf8"), secretKey);
  return [...fields, ["hashParams", names.join("+")], ["hash", hash]];
}

/** A Turkish local time as Akbank writes it: "2024-04-18T20:56:28.000". */
export function localTime(date: Date): string {
  const shifted = new Date(date.getTime() + 3 * 3600_000); // Turkey: UTC+3 all year since 2016
  return shifted.toISOString().replace("Z", "");
}

/** "2024-04-13T13:00:00.000" (Turkish local) -> the instant, or null. */
export function parseLocalTime(text: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{3})?$/.exec(text);
  if (!m) return null;
  const at = Date.parse(`${m[1]}${m[2] ?? ".000"}+03:00`);
  return Number.isNaN(at) ? null : new Date(at);
}

/** The history's `data`: the JSON gzipped, then Base64. */
export function packHistory(json: unknown): string {
  return gzipSync(Buffer.from(JSON.stringify(json), "utf8")).toString("base64");
}
