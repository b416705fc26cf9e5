/**
 * InterVPOS's API wire, as mewebstudio/pos's InterPosSerializer speaks it: a request is an
 * application/x-www-form-urlencoded POST to Default.aspx; the answer is plain text of `Name=Value` pairs separated
 * by ";;" (sometimes ";;;"), e.g. "OrderId=33554969;;ProcReturnCode=00;;...;;ErrorMessage=". A value runs to the
 * next separator and may itself hold "=" (only the first one splits).
 */

/** Form body of the given fields; fields whose value is undefined are left out, as PHP's http_build_query does. */
export function formBody(fields: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) params.append(name, value);
  return params.toString();
}

/**
 * The answer's fields, or null when the text is not an InterVPOS answer (a proxy's or maintenance page): every
 * part must be a `Name=Value` pair with a plain name, a name must not repeat, and ProcReturnCode must be there.
 */
export function parseAnswer(text: string): Record<string, string> | null {
  const body = text.replace(/^\uFEFF/, "").trim();
  if (body === "" || /^</.test(body)) return null;
  const fields: Record<string, string> = {};
  for (const part of body.split(/;;;|;;/)) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    if (eq <= 0) return null;
    const name = part.slice(0, eq).trim();
    if (!/^[A-Za-z0-9_]{1,64}$/.test(name) || Object.hasOwn(fields, name)) return null;
    fields[name] = part.slice(eq + 1);
  }
  return fields.ProcReturnCode !== undefined ? fields : null;
}
