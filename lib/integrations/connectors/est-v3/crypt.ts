import { createHash, randomBytes } from "node:crypto";

/**
 * EST "ver3" hashing (hashAlgorithm=ver3), as Payten documents it and mewebstudio/pos implements it
 * (src/Crypt/EstV3PosCrypt.php): the values of every field except `hash`/`HASH`, `encoding` (and
 * `nationalidno`, which Ziraat returns but does not sign), ordered by field name in PHP's natural,
 * case-insensitive order (ksort SORT_NATURAL | SORT_FLAG_CASE), each value with `\` then `|` escaped by a
 * backslash, joined with `|`, the store key appended last; SHA-512, base64.
 *
 * The bank hashes the bytes it received, so values are handled as bytes: a return posted in ISO-8859-9
 * is checked over those bytes, not over a re-encoding of them.
 */
const UNSIGNED_FIELDS = new Set(["hash", "encoding", "nationalidno"]);

export type FieldBytes = { name: string; value: Buffer };

/** PHP strnatcasecmp for ASCII field names: digit runs compare as numbers, letters folded to upper case. */
export function naturalCaseCompare(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a[i]!;
    const cb = b[j]!;
    if (isDigit(ca) && isDigit(cb)) {
      const runA = digitRun(a, i);
      const runB = digitRun(b, j);
      const numA = runA.replace(/^0+(?=\d)/, "");
      const numB = runB.replace(/^0+(?=\d)/, "");
      if (numA.length !== numB.length) return numA.length - numB.length;
      if (numA !== numB) return numA < numB ? -1 : 1;
      i += runA.length;
      j += runB.length;
      continue;
    }
    // PHP folds with toupper(): "_" (0x5F) sorts after the letters, as it does on the bank's side.
    const ua = ca.toUpperCase();
    const ub = cb.toUpperCase();
    if (ua !== ub) return ua < ub ? -1 : 1;
    i++;
    j++;
  }
  return a.length - i - (b.length - j);
}

function isDigit(c: string): boolean {
  return c >= "0" && c <= "9";
}

function digitRun(s: string, from: number): string {
  let end = from;
  while (end < s.length && isDigit(s[end]!)) end++;
  return s.slice(from, end);
}

const BACKSLASH = 0x5c;
const PIPE = 0x7c;

function escapeValue(value: Buffer): Buffer {
  const out: number[] = [];
  for (const byte of value) {
    if (byte === BACKSLASH || byte === PIPE) out.push(BACKSLASH);
    out.push(byte);
  }
  return Buffer.from(out);
}

/** The ver3 hash over fields given as bytes (a received form) . */
export function hashFieldBytes(fields: readonly FieldBytes[], storeKey: string): string {
  const signed = fields.filter((f) => !UNSIGNED_FIELDS.has(f.name.toLowerCase()));
  const ordered = [...signed].sort((x, y) => naturalCaseCompare(x.name, y.name));
  const parts = [...ordered.map((f) => escapeValue(f.value)), escapeValue(Buffer.from(storeKey, "utf8"))];
  const joined = Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [Buffer.from([PIPE]), part])));
  return createHash("sha512").update(joined).digest("base64");
}

/** The ver3 hash over fields we produce (our gate form), encoded as UTF-8. */
export function hashFields(fields: Record<string, string>, storeKey: string): string {
  return hashFieldBytes(
    Object.entries(fields).map(([name, value]) => ({ name, value: Buffer.from(value, "utf8") })),
    storeKey,
  );
}

/** Compares two base64 hashes without leaking where they differ. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let k = 0; k < x.length; k++) diff |= x[k]! ^ y[k]!;
  return diff === 0;
}

/** The `rnd` field: a fresh random per form, so no two signed forms are alike. */
export function randomNonce(): string {
  return randomBytes(15).toString("base64url");
}
