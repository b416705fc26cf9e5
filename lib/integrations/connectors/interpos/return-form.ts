import { cardShownOfMasked, type IncomingMessage } from "../ports";
import { returnHash, sameHash } from "./crypt";
import type { SignedReturn } from "./response-mapper";

/**
 * The customer's browser brings InterVPOS's outcome back as a form POST. The hash is over the values as the bank sent
 * them, so the raw body is split into names and byte values, decoded to text only for reading (UTF-8, or
 * Windows-1254 when they are not UTF-8). A field sent twice is refused outright: which of the two the bank signed and
 * which one we would read could differ.
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

function decodeText(value: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(value);
  } catch {
    return new TextDecoder("windows-1254").decode(value);
  }
}

/**
 * The fields every trusted return must have signed: the order, its amount and currency, and the whole verdict. The
 * bank's list (mewebstudio's fixtures) is "Version:PurchAmount:Exponent:Currency:OkUrl:FailUrl:MD:OrderId:
 * ProcReturnCode:Response:mdStatus:".
 */
const MUST_BE_SIGNED = ["OrderId", "PurchAmount", "Currency", "ProcReturnCode", "mdStatus"];

/**
 * Checks `HASH` over the fields `HASHPARAMS` names. The list comes with the message, so it must name every field we
 * then rely on, each once; named fields that are absent count as empty, as the bank computes them. Returns the names
 * signed (a field not among them is not read).
 */
export function verifyReturnHash(
  form: ReturnForm,
  storeKey: string,
): { ok: true; signed: Set<string> } | { ok: false; reason: string } {
  const sent = form.text.HASH;
  const params = form.text.HASHPARAMS;
  if (!sent || !params) return { ok: false, reason: "InterVPOS return without HASH" };
  const names = params.split(":").filter((name) => name !== "");
  if (new Set(names).size !== names.length) return { ok: false, reason: "InterVPOS return names a hashed field twice" };
  const missing = MUST_BE_SIGNED.filter((name) => !names.includes(name));
  if (missing.length > 0) return { ok: false, reason: `InterVPOS return does not sign ${missing.join(", ")}` };
  const expected = returnHash(
    names.map((name) => form.bytes.get(name) ?? Buffer.alloc(0)),
    storeKey,
  );
  if (!sameHash(sent, expected)) return { ok: false, reason: "InterVPOS return HASH does not match" };
  return { ok: true, signed: new Set(names) };
}

/**
 * The signed fields' values must have their own shape: the hash is over the values run together, so only strict
 * shapes keep one field's text from passing for its neighbour's ("51" + "1" read as "5" + "11").
 */
export function signedFieldsWellFormed(text: Record<string, string>, signed: ReadonlySet<string>): boolean {
  const shape: Record<string, RegExp> = {
    OrderId: /^[A-Za-z0-9]{1,20}$/,
    PurchAmount: /^\d[\d.,]{0,19}$/,
    Currency: /^\d{3}$/,
    ProcReturnCode: /^([0-9A-Z]{2,3})?$/,
    mdStatus: /^\d?$/,
    Response: /^[A-Za-z ]{0,20}$/,
    TransId: /^[A-Za-z0-9-]{0,40}$/,
    AuthCode: /^[A-Za-z0-9 ]{0,12}$/,
  };
  return Object.entries(shape).every(([name, pattern]) => !signed.has(name) || pattern.test(text[name] ?? ""));
}

/**
 * What a verified return says, read from its signed fields only: the verdict, and TransId, AuthCode and the card's
 * masked number (Pan, "540061******0430") where HASHPARAMS named them. The bank's published list names none of the
 * three: a field it posts unsigned is left out, never read.
 */
export function signedReturnOf(text: Record<string, string>, signed: ReadonlySet<string>): SignedReturn {
  const signedText = (name: string) => (signed.has(name) ? (text[name] ?? "").trim() || null : null);
  return {
    procReturnCode: (text.ProcReturnCode ?? "").trim(),
    mdStatus: (text.mdStatus ?? "").trim(),
    reference: signedText("TransId"),
    authCode: signedText("AuthCode"),
    card: cardShownOfMasked(signedText("Pan") ?? undefined),
  };
}
