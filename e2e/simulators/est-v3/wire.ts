import { createHash } from "node:crypto";

/**
 * The bank side's wire helpers, written apart from the connector's on purpose (a shared bug would agree
 * with itself): the ver3 hash as Payten's integration guide describes it, form bodies as bytes, and the
 * ISO-8859-9 (Turkish Latin-5) charset the EST pages and API speak.
 */

/** ISO-8859-9 is Latin-1 with six Turkish letters in place of Icelandic ones. */
const LATIN5_SWAPS: Record<string, number> = { Ğ: 0xd0, İ: 0xdd, Ş: 0xde, ğ: 0xf0, ı: 0xfd, ş: 0xfe };
const LATIN1_REPLACED = new Set([0xd0, 0xdd, 0xde, 0xf0, 0xfd, 0xfe]);

/** Encodes text as a browser does for an ISO-8859-9 form: unencodable characters become "&#N;". */
export function encodeLatin5(text: string): Buffer {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (LATIN5_SWAPS[ch] !== undefined) bytes.push(LATIN5_SWAPS[ch]!);
    else if (code < 0x100 && !LATIN1_REPLACED.has(code)) bytes.push(code);
    else bytes.push(...Buffer.from(`&#${code};`, "latin1"));
  }
  return Buffer.from(bytes);
}

export function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder("iso-8859-9").decode(bytes);
  }
}

export type RawField = [name: string, value: Buffer];

/** application/x-www-form-urlencoded -> [name, value bytes] in the order sent. */
export function splitForm(body: string): RawField[] {
  return body
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => {
      const [name = "", value = ""] = pair.split(/=(.*)/s);
      return [Buffer.from(unescapeBytes(name)).toString("utf8"), Buffer.from(unescapeBytes(value))] as RawField;
    });
}

function unescapeBytes(text: string): number[] {
  const out: number[] = [];
  const bytes = Buffer.from(text.replace(/\+/g, " "), "utf8");
  for (let k = 0; k < bytes.length; k++) {
    const hex = bytes.subarray(k + 1, k + 3).toString("latin1");
    if (bytes[k] === 0x25 && /^[0-9a-f]{2}$/i.test(hex)) {
      out.push(parseInt(hex, 16));
      k += 2;
    } else out.push(bytes[k]!);
  }
  return out;
}

/** Percent-encodes bytes the way browsers do for forms (space as "+"). */
export function formEncode(fields: [string, Buffer][]): string {
  const enc = (bytes: Buffer) =>
    [...bytes]
      .map((b) =>
        /[A-Za-z0-9*\-._]/.test(String.fromCharCode(b))
          ? String.fromCharCode(b)
          : b === 0x20
            ? "+"
            : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
      )
      .join("");
  return fields.map(([name, value]) => `${enc(Buffer.from(name, "utf8"))}=${enc(value)}`).join("&");
}

/** PHP strnatcasecmp as the bank's ksort(SORT_NATURAL | SORT_FLAG_CASE) uses it (toupper folding). */
function natCaseCmp(a: string, b: string): number {
  const chunks = (s: string) => s.toUpperCase().match(/\d+|\D/g) ?? [];
  const x = chunks(a);
  const y = chunks(b);
  for (let k = 0; k < Math.min(x.length, y.length); k++) {
    const p = x[k]!;
    const q = y[k]!;
    if (/^\d/.test(p) && /^\d/.test(q)) {
      const diff = BigInt(p) - BigInt(q);
      if (diff !== 0n) return diff < 0n ? -1 : 1;
    } else if (p !== q) return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

/** ver3: SHA-512/base64 over the escaped values ordered by name, "|"-joined, store key last. */
export function ver3Hash(fields: RawField[], storeKey: string): string {
  const escape = (b: Buffer) =>
    Buffer.from(b.toString("latin1").replace(/\\/g, "\\\\").replace(/\|/g, "\\|"), "latin1");
  const values = fields
    .filter(([name]) => !["hash", "encoding", "nationalidno"].includes(name.toLowerCase()))
    .sort(([a], [b]) => natCaseCmp(a, b))
    .map(([, value]) => escape(value));
  values.push(escape(Buffer.from(storeKey, "utf8")));
  const joined = Buffer.concat(values.flatMap((v, k) => (k === 0 ? [v] : [Buffer.from("|"), v])));
  return createHash("sha512").update(joined).digest("base64");
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** 1250.75 -> "1.250,75" (Turkish grouping and decimal comma). */
export function turkishAmount(amount: string): string {
  const [whole = "0", frac = "00"] = amount.split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${frac.padEnd(2, "0")}`;
}
