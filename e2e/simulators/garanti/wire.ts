import { createHash } from "node:crypto";

/**
 * The bank side's wire helpers, written apart from the connector's on purpose (a shared bug would agree with
 * itself): GVP's v512 hashes as Garanti describes them, and the GVPSRequest / GVPSResponse XML.
 */

const sha = (algorithm: string, data: string | Buffer) =>
  createHash(algorithm).update(data).digest("hex").toUpperCase();

/** SHA-1 of the provision password and the 9-digit terminal number: what stands for the password. */
export function hashedPassword(password: string, terminalId: string): string {
  return sha("sha1", password + ("000000000" + terminalId).slice(-9));
}

/** secure3dhash of a payment page form, from the posted fields. */
export function formHash(get: (name: string) => string, storeKey: string, password: string): string {
  const parts = [
    "terminalid",
    "orderid",
    "txnamount",
    "txncurrencycode",
    "successurl",
    "errorurl",
    "txntype",
    "txninstallmentcount",
  ].map(get);
  return sha("sha512", parts.join("") + storeKey + hashedPassword(password, get("terminalid")));
}

/** Terminal/HashData of an XML request: order, terminal, card number, amount, currency, hashed password. */
export function requestHash(
  orderId: string,
  terminalId: string,
  cardNumber: string,
  amount: string,
  currency: string,
  password: string,
): string {
  return sha("sha512", orderId + terminalId + cardNumber + amount + currency + hashedPassword(password, terminalId));
}

/** The return's hash: the hashparams fields' values run together, then the store key. */
export function returnHash(
  fields: [string, string][],
  hashParams: string,
  storeKey: string,
): { hash: string; values: string } {
  const lookup = new Map(fields);
  const values = hashParams
    .split(":")
    .filter((n) => n.length > 0)
    .map((n) => lookup.get(n) ?? "")
    .join("");
  return { hash: sha("sha512", Buffer.from(values + storeKey, "utf8")), values };
}

/** A GVPSRequest read into a flat map of paths ("Terminal.HashData" -> value); null when it is not one. */
export function readRequest(xml: string): Map<string, string> | null {
  const body = /<GVPSRequest>([\s\S]*)<\/GVPSRequest>/.exec(xml)?.[1];
  if (body === undefined) return null;
  const out = new Map<string, string>();
  const walk = (text: string, prefix: string) => {
    for (const m of text.matchAll(/<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\s*\/>/g)) {
      const name = m[1] ?? m[3]!;
      const inner = m[2] ?? "";
      const path = prefix ? `${prefix}.${name}` : name;
      if (/<\w+/.test(inner)) walk(inner, path);
      else
        out.set(
          path,
          inner
            .replace(/&lt;/g, "<")
            .replace(/&gt;/g, ">")
            .replace(/&quot;/g, '"')
            .replace(/&apos;/g, "'")
            .replace(/&amp;/g, "&"),
        );
    }
  };
  walk(body, "");
  return out;
}

export type XmlValue = string | { [name: string]: XmlValue } | XmlValue[];

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function element(name: string, value: XmlValue): string {
  if (Array.isArray(value)) return value.map((v) => element(name, v)).join("");
  if (typeof value === "string") return `<${name}>${escape(value)}</${name}>`;
  return `<${name}>${Object.entries(value)
    .map(([n, v]) => element(n, v))
    .join("")}</${name}>`;
}

export function writeResponse(body: { [name: string]: XmlValue }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element("GVPSResponse", body)}`;
}

export function minorToDecimal(minor: bigint): string {
  const s = minor.toString().padStart(3, "0");
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}
