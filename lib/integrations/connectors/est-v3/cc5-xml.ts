/**
 * The EST XML API's envelope: a flat <CC5Request> of elements (one nested <Extra>) answered by a flat
 * <CC5Response> whose <Extra> holds name/value elements. Small enough to write and read by hand; nothing
 * here evaluates entities beyond the five predefined ones, so a hostile answer cannot pull in files.
 */
export type CC5Value = string | Record<string, string>;

export function buildCC5Request(fields: Record<string, CC5Value>): string {
  const body = Object.entries(fields)
    .map(([name, value]) => (typeof value === "string" ? element(name, value) : `<${name}>${Object.entries(value).map(([n, v]) => element(n, v)).join("")}</${name}>`))
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?><CC5Request>${body}</CC5Request>`;
}

function element(name: string, value: string): string {
  return `<${name}>${escapeXml(value)}</${name}>`;
}

export function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

function unescapeXml(value: string): string {
  return value
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")
    .replace(/&(lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) =>
      e === "lt" ? "<" : e === "gt" ? ">" : e === "quot" ? '"' : e === "apos" ? "'" : String.fromCodePoint(e.startsWith("#x") ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)),
    )
    .replace(/&amp;/g, "&");
}

export type CC5Response = { fields: Record<string, string>; extra: Record<string, string> };

/** Reads a <CC5Response>; null when the body is not one (an HTML error page, a proxy's answer). */
export function parseCC5Response(xml: string): CC5Response | null {
  const root = /<CC5Response\b[^>]*>([\s\S]*)<\/CC5Response>/.exec(xml);
  if (!root) return null;
  let inner = root[1]!;
  const extra: Record<string, string> = {};
  const extraMatch = /<Extra\b[^>]*>([\s\S]*?)<\/Extra>/.exec(inner);
  if (extraMatch) {
    Object.assign(extra, readElements(extraMatch[1]!));
    inner = inner.replace(extraMatch[0], "");
  }
  return { fields: readElements(inner), extra };
}

function readElements(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pattern = /<([A-Za-z_][\w.-]*)\b[^>]*?(?:\/>|>([\s\S]*?)<\/\1\s*>)/g;
  for (const m of xml.matchAll(pattern)) out[m[1]!] = unescapeXml((m[2] ?? "").trim());
  return out;
}
