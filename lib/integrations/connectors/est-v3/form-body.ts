import type { FieldBytes } from "./crypt";

/**
 * The bank's return is a browser POST of application/x-www-form-urlencoded fields in the gate page's
 * charset (the `encoding` field names it, ISO-8859-9 unless the form asked otherwise). The signature is
 * over the bytes the bank sent, so the raw body is split into names and byte values first; the values are
 * decoded to text only for reading.
 */
export function parseFormBytes(rawBody: string): FieldBytes[] {
  if (rawBody.trim() === "") return [];
  return rawBody.split("&").flatMap((pair) => {
    if (pair === "") return [];
    const eq = pair.indexOf("=");
    const name = percentDecode(eq < 0 ? pair : pair.slice(0, eq)).toString("latin1");
    const value = percentDecode(eq < 0 ? "" : pair.slice(eq + 1));
    return [{ name, value }];
  });
}

function percentDecode(text: string): Buffer {
  const bytes: number[] = [];
  for (let k = 0; k < text.length; k++) {
    const c = text[k]!;
    if (c === "+") bytes.push(0x20);
    else if (c === "%" && /^[0-9a-fA-F]{2}$/.test(text.slice(k + 1, k + 3))) {
      bytes.push(parseInt(text.slice(k + 1, k + 3), 16));
      k += 2;
    } else bytes.push(...Buffer.from(c, "utf8"));
  }
  return Buffer.from(bytes);
}

/** The fields as text, decoded with the charset the return names (the last value wins for a repeated name). */
export function decodeFields(fields: readonly FieldBytes[]): Record<string, string> {
  const encoding =
    fields
      .find((f) => f.name.toLowerCase() === "encoding")
      ?.value.toString("latin1")
      .trim() || "ISO-8859-9";
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding);
  } catch {
    decoder = new TextDecoder("iso-8859-9");
  }
  const out: Record<string, string> = {};
  for (const f of fields) out[f.name] = decoder.decode(f.value);
  return out;
}
