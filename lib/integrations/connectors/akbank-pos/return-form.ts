import type { IncomingMessage } from "../ports";
import type { AkbankPosConfig } from "./config";
import { returnHash, sameHash } from "./crypt";

/**
 * The customer's browser brings Akbank's outcome back as a form POST (application/x-www-form-urlencoded) to okUrl or
 * failUrl. The hash is over the values as the bank sent them, so the raw body is split into names and byte values;
 * values are decoded to text only for reading. What the return says is read only from the fields `hashParams`
 * names: a field the bank did not sign is never read, so the signature covers exactly what we rely on.
 *
 * A field sent twice is refused outright: which of the two the bank signed and which one we would read could differ.
 */
export type ReturnForm = { bytes: Map<string, Buffer>; text: Record<string, string> };

export function readReturnForm(message: IncomingMessage): ReturnForm | null {
  const pairs =
    message.rawBody.trim() !== ""
      ? splitForm(message.rawBody)
      : Object.entries(message.form ?? {}).map(([name, value]) => [name, Buffer.from(value, "utf8")] as const);
  const bytes = new Map<string, Buffer>();
  for (const [name, value] of pairs) {
    if (bytes.has(name)) return null;
    bytes.set(name, value);
  }
  const text: Record<string, string> = {};
  for (const [name, value] of bytes) text[name] = decodeText(value);
  return { bytes, text };
}

function splitForm(body: string): (readonly [string, Buffer])[] {
  return body.split("&").flatMap((pair) => {
    if (pair === "") return [];
    const eq = pair.indexOf("=");
    const name = percentDecode(eq < 0 ? pair : pair.slice(0, eq)).toString("utf8");
    return [[name, percentDecode(eq < 0 ? "" : pair.slice(eq + 1))] as const];
  });
}

function percentDecode(text: string): Buffer {
  const out: number[] = [];
  const bytes = Buffer.from(text, "utf8");
  for (let k = 0; k < bytes.length; k++) {
    const hex = bytes.subarray(k + 1, k + 3).toString("latin1");
    if (bytes[k] === 0x2b) out.push(0x20);
    else if (bytes[k] === 0x25 && /^[0-9a-fA-F]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      k += 2;
    } else out.push(bytes[k]!);
  }
  return Buffer.from(out);
}

/** UTF-8 as the hosted page posts it; a body that is not UTF-8 is read as Turkish Windows-1254. */
function decodeText(value: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(value);
  } catch {
    return new TextDecoder("windows-1254").decode(value);
  }
}

/** What every signed return must sign: its verdict and its order. */
const ALWAYS_SIGNED = ["responseCode", "orderId"] as const;
/** What an approval must sign besides: the terminal it was made on. */
const APPROVAL_SIGNED = ["merchantSafeId", "terminalSafeId"] as const;

/**
 * The signed fields (and only those), once `hash` checks out over the values `hashParams` names, in that order.
 * The list comes with the message, so it must name each field once and every field we then rely on.
 */
export function signedFields(
  form: ReturnForm,
  config: AkbankPosConfig,
): { ok: true; fields: Record<string, string> } | { ok: false; reason: string } {
  const sent = form.text.hash;
  const params = form.text.hashParams;
  if (!sent || !params) return { ok: false, reason: "Akbank return without hash" };
  const names = params.split("+").filter((name) => name !== "");
  if (new Set(names).size !== names.length) return { ok: false, reason: "Akbank return names a hashed field twice" };
  const missing = ALWAYS_SIGNED.filter((name) => !names.includes(name));
  if (missing.length > 0) return { ok: false, reason: `Akbank return does not sign ${missing.join(", ")}` };
  const expected = returnHash(
    names.map((name) => form.bytes.get(name) ?? Buffer.alloc(0)),
    config.secretKey,
  );
  if (!sameHash(sent, expected)) return { ok: false, reason: "Akbank return hash does not match" };
  const fields = Object.fromEntries(names.map((name) => [name, (form.text[name] ?? "").trim()]));
  if (!wellFormed(fields)) return { ok: false, reason: "Akbank return has a signed field of the wrong shape" };
  if (fields.responseCode === "VPS-0000") {
    const unsigned = APPROVAL_SIGNED.filter((name) => !names.includes(name));
    if (unsigned.length > 0) return { ok: false, reason: `Akbank approval does not sign ${unsigned.join(", ")}` };
  }
  if (
    (fields.merchantSafeId && fields.merchantSafeId !== config.merchantId) ||
    (fields.terminalSafeId && fields.terminalSafeId !== config.terminalId) ||
    (fields.responseCode === "VPS-0000" && (!fields.merchantSafeId || !fields.terminalSafeId))
  )
    return { ok: false, reason: "Akbank return for another terminal" };
  return { ok: true, fields };
}

/**
 * The signed fields we read must have their own shapes: the hash is over the values run together without a
 * separator, so only strict shapes keep one field's text from passing for its neighbour's.
 */
function wellFormed(fields: Record<string, string>): boolean {
  const shape: Record<string, RegExp> = {
    responseCode: /^VPS-\d{4}$/,
    hostResponseCode: /^(\d{2})?$/,
    orderId: /^[A-Za-z0-9-]{1,64}$/,
    merchantSafeId: /^[A-Za-z0-9]{0,64}$/,
    terminalSafeId: /^[A-Za-z0-9]{0,64}$/,
    txnCode: /^(\d{4})?$/,
    rrn: /^\d{0,20}$/,
    authCode: /^[A-Za-z0-9]{0,12}$/,
    amount: /^(\d{1,13}\.\d{2})?$/,
    currencyCode: /^(\d{3})?$/,
    secureEcomInd: /^(\d{2})?$/,
  };
  return Object.entries(shape).every(([name, pattern]) => fields[name] === undefined || pattern.test(fields[name]));
}
