import type { IncomingMessage } from "../ports";
import { returnHash, sameHash } from "./crypt";

/**
 * The customer's browser brings GVP's outcome back as a form POST (application/x-www-form-urlencoded). The
 * hash is over the values as the bank sent them, so the raw body is split into names and byte values and the
 * values are decoded to text only for reading (UTF-8, or Windows-1254 when they are not UTF-8).
 *
 * A field sent twice is refused outright: which of the two the bank signed and which one we would read could
 * differ, and GVP never repeats a field.
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
    return [
      [
        percentDecode(eq < 0 ? pair : pair.slice(0, eq)).toString("utf8"),
        percentDecode(eq < 0 ? "" : pair.slice(eq + 1)),
      ] as const,
    ];
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

function decodeText(value: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(value);
  } catch {
    return new TextDecoder("windows-1254").decode(value);
  }
}

/** The fields every trusted return must have signed: the terminal, the order and the whole verdict. */
const MUST_BE_SIGNED = ["clientid", "oid", "authcode", "procreturncode", "response", "mdstatus"];

/**
 * Checks `hash` over the fields `hashparams` names (GVP: "clientid:oid:authcode:procreturncode:response:
 * mdstatus:cavv:eci:md:rnd:"). The list comes with the message, so it must name every field we then rely on,
 * each once; values of named fields that are absent count as empty, as GVP computes them. Returns the names
 * signed: a field read beyond the verdict (the card's MaskedPan) is read only when among them.
 */
export function verifyReturnHash(
  form: ReturnForm,
  storeKey: string,
): { ok: true; signed: ReadonlySet<string> } | { ok: false; reason: string } {
  const sent = form.text.hash;
  const params = form.text.hashparams;
  if (!sent || !params) return { ok: false, reason: "Garanti return without hash" };
  const names = params.split(":").filter((name) => name !== "");
  if (new Set(names).size !== names.length) return { ok: false, reason: "Garanti return names a hashed field twice" };
  const missing = MUST_BE_SIGNED.filter((name) => !names.includes(name));
  if (missing.length > 0) return { ok: false, reason: `Garanti return does not sign ${missing.join(", ")}` };
  const expected = returnHash(
    names.map((name) => form.bytes.get(name) ?? Buffer.alloc(0)),
    storeKey,
  );
  return sameHash(sent, expected)
    ? { ok: true, signed: new Set(names) }
    : { ok: false, reason: "Garanti return hash does not match" };
}

/**
 * The signed fields' values must have their own shape: the hash is over the values run together, so only
 * strict shapes keep one field's text from passing for another's.
 */
export function signedFieldsWellFormed(text: Record<string, string>): boolean {
  const shape: Record<string, RegExp> = {
    authcode: /^[A-Za-z0-9 ]{0,12}$/,
    procreturncode: /^(\d{2})?$/,
    response: /^(Approved|Declined|Error)?$/,
    mdstatus: /^\d?$/,
  };
  return Object.entries(shape).every(([name, pattern]) => pattern.test(text[name] ?? ""));
}
