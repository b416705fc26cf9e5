import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * The EST XML API's envelope: a flat <CC5Request> of elements (one nested <Extra>) answered by a flat
 * <CC5Response> whose <Extra> holds name/value elements. Requests are written here (every value escaped);
 * answers are read with fast-xml-parser, so comments, CDATA and character references are handled by a
 * maintained XML reader instead of patterns:
 *  - a comment is no element: `<!-- <Response>Declined</Response> -->` changes nothing that is read;
 *  - CDATA is text as written, never entity-decoded;
 *  - entities and well-formed character references are decoded; a reference that names no character
 *    (`&#99999999;`) or an undeclared entity makes the answer unreadable (null), never an exception;
 *  - a DOCTYPE (an EST answer never has one) is refused, so no entity can be declared or expanded;
 *  - an element given twice, or holding elements where a value is expected, is ambiguous and refused.
 * An answer that cannot be read is no answer: the caller treats it as a call to make again ("unknown").
 */
export type CC5Value = string | Record<string, string>;

export function buildCC5Request(fields: Record<string, CC5Value>): string {
  const body = Object.entries(fields)
    .map(([name, value]) =>
      typeof value === "string"
        ? element(name, value)
        : `<${name}>${Object.entries(value)
            .map(([n, v]) => element(n, v))
            .join("")}</${name}>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?><CC5Request>${body}</CC5Request>`;
}

function element(name: string, value: string): string {
  return `<${name}>${escapeXml(value)}</${name}>`;
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export type CC5Response = { fields: Record<string, string>; extra: Record<string, string> };

const CDATA = "#cdata";

const parser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Codes such as "00" stay strings: no value is turned into a number or a boolean.
  parseTagValue: false,
  trimValues: true,
  // Numeric character references are decoded only with this on (it also knows the common HTML names, which
  // an EST answer does not use); a reference to no character is left as written and refused below.
  htmlEntities: true,
  processEntities: true,
  // CDATA is kept apart so it is never mistaken for text whose references were left undecoded.
  cdataPropName: CDATA,
});

/** A reference the parser left in text: one that names no character, or an entity nobody declared. */
const UNRESOLVED_REFERENCE = /&(?:#\d+|#x[0-9a-f]+|[a-z_][\w.-]*);/i;

/** Thrown while reading an answer that cannot be read safely; parseCC5Response answers null for it. */
class Unreadable extends Error {}

/**
 * An element's value: its text, or its one CDATA section as written. Anything else (elements inside, the
 * element given twice, text mixed with CDATA, whose order the parser does not keep) is not one value.
 */
function textOf(value: unknown): string {
  if (typeof value === "string") {
    if (UNRESOLVED_REFERENCE.test(value)) throw new Unreadable("unresolved character reference");
    return value;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    const cdata = entries.length === 1 && entries[0]![0] === CDATA ? entries[0]![1] : undefined;
    if (typeof cdata === "string") return cdata.trim();
  }
  throw new Unreadable("not a single value");
}

function valuesOf(node: unknown): Record<string, string> {
  if (node === "" || node === undefined) return {};
  if (!node || typeof node !== "object" || Array.isArray(node)) throw new Unreadable("not a list of elements");
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(node as Record<string, unknown>)) {
    if (name === "#text" || name === CDATA) throw new Unreadable("text between elements");
    out[name] = textOf(value);
  }
  return out;
}

/**
 * Reads a <CC5Response>; null when the body is not one (an HTML error page, a proxy's answer) or cannot be read safely.
 */
export function parseCC5Response(xml: string): CC5Response | null {
  if (/<!DOCTYPE/i.test(xml) || XMLValidator.validate(xml) !== true) return null;
  try {
    const document = parser.parse(xml) as Record<string, unknown>;
    const roots = Object.keys(document);
    if (roots.length !== 1 || roots[0] !== "CC5Response") return null;
    const root = document.CC5Response;
    if (root === "") return { fields: {}, extra: {} };
    if (!root || typeof root !== "object" || Array.isArray(root)) return null;
    const { Extra: extraNode, ...rest } = root as Record<string, unknown>;
    return { fields: valuesOf(rest), extra: valuesOf(extraNode) };
  } catch {
    // Ours (Unreadable) or the parser's own refusals (entity limits, input it cannot read): no answer either way.
    return null;
  }
}
