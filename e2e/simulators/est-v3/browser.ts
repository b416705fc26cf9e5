import { decodeCharset, encodeLatin5, formEncode } from "./wire";

/**
 * What the customer's browser does with the gate's pages, for tests without a browser: post a form, read
 * the page in its charset, find its form, and submit that form encoded as the page's charset requires.
 */
export type PageForm = { action: string; charset: string; fields: [string, string][] };

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, "&");
}

export async function postForm(url: string, body: string): Promise<{ status: number; html: string }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  const charset = /charset=([\w-]+)/i.exec(res.headers.get("content-type") ?? "")?.[1] ?? "utf-8";
  return { status: res.status, html: decodeCharset(Buffer.from(await res.arrayBuffer()), charset) };
}

/** The page's first form, or null (the "tab closed" page has none). */
export function readForm(html: string): PageForm | null {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return null;
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`, "i").exec(tag)?.[1];
  const fields: [string, string][] = [];
  for (const input of form[2]!.matchAll(/<input\b[^>]*>/gi)) {
    const name = attr(input[0], "name");
    if (name !== undefined) fields.push([unescapeHtml(name), unescapeHtml(attr(input[0], "value") ?? "")]);
  }
  return {
    action: unescapeHtml(attr(form[1]!, "action") ?? ""),
    charset: attr(form[1]!, "accept-charset") ?? "utf-8",
    fields,
  };
}

/** The form's body as a browser posts it: ISO-8859-9 pages post Latin-5 bytes, others UTF-8. */
export function formBody(fields: [string, string][], charset: string): string {
  const latin5 = /8859-9|latin5|1254/i.test(charset);
  return formEncode(fields.map(([name, value]) => [name, latin5 ? encodeLatin5(value) : Buffer.from(value, "utf8")]));
}
