/**
 * PayFor's XMLGate envelope: a flat <PayforRequest> of fields, answered by a flat <PayforResponse> (a payment,
 * inquiry, void or refund) or a <TxnHistoryReport> of <PaymentRequestExtended> records (the history), as
 * mewebstudio/pos (src/Serializer/PayForPosSerializer.php and its tests) sends and reads them.
 *
 * The reader is a small strict one: elements, text, CDATA and comments; the five predefined entities and character
 * references; attributes (PayFor's xmlns and xsi ones) are ignored. A DOCTYPE, a mismatched tag or a reference to no
 * character makes the whole answer unreadable (null), which callers treat as "no answer". So does an element given
 * twice where PayFor gives one (two <ProcReturnCode>s): which one is meant is ambiguous. Only the list items PayFor
 * documents repeat. PayFor pads some empty values with a line break and spaces (the serializer's own note): text
 * is trimmed when read.
 */

const REPEATABLE = new Set(["PaymentRequestExtended", "ArrayOfString", "string"]);

export type XmlElement = { name: string; children: XmlElement[]; text: string };

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** A <PayforRequest> of the fields, in the order given. */
export function buildRequest(fields: Record<string, string>): string {
  const body = Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<PayforRequest>${body}</PayforRequest>\n`;
}

function repeatsOne(element: XmlElement): boolean {
  const seen = new Set<string>();
  for (const { name } of element.children) {
    if (seen.has(name) && !REPEATABLE.has(name)) return true;
    seen.add(name);
  }
  return false;
}

function decodeEntities(text: string): string | null {
  let failed = false;
  const out = text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) {
      failed = true;
      return whole;
    }
    const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
    if (named[ref]) return named[ref];
    const code = ref.startsWith("#x") ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    if (!Number.isSafeInteger(code) || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      failed = true;
      return whole;
    }
    return String.fromCodePoint(code);
  });
  return failed ? null : out;
}

/** The document's root element, or null when the text is not a well-formed document of this reader. */
export function parseXml(xml: string): XmlElement | null {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    if (text.trim() !== "") {
      const decoded = decodeEntities(text);
      if (decoded === null || stack.length === 0) return null;
      stack[stack.length - 1]!.text += decoded;
    }
    if (lt < 0) break;
    if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt + 4);
      if (end < 0) return null;
      i = end + 3;
    } else if (xml.startsWith("<![CDATA[", lt)) {
      const end = xml.indexOf("]]>", lt + 9);
      if (end < 0 || stack.length === 0) return null;
      stack[stack.length - 1]!.text += xml.slice(lt + 9, end);
      i = end + 3;
    } else if (xml.startsWith("<?", lt)) {
      const end = xml.indexOf("?>", lt + 2);
      if (end < 0) return null;
      i = end + 2;
    } else if (xml.startsWith("<!", lt)) {
      return null; // DOCTYPE and other declarations are refused
    } else {
      const end = xml.indexOf(">", lt + 1);
      if (end < 0) return null;
      const tag = xml.slice(lt + 1, end);
      i = end + 1;
      if (tag.startsWith("/")) {
        const open = stack.pop();
        if (!open || open.name !== tag.slice(1).trim() || repeatsOne(open)) return null;
        if (stack.length === 0) root = open;
        continue;
      }
      const selfClosing = tag.endsWith("/");
      const name = /^([A-Za-z_][\w.-]*)/.exec(tag)?.[1];
      if (!name || (stack.length === 0 && root !== null)) return null;
      const element: XmlElement = { name, children: [], text: "" };
      if (stack.length > 0) stack[stack.length - 1]!.children.push(element);
      if (selfClosing) {
        if (stack.length === 0) root = element;
      } else stack.push(element);
    }
  }
  return stack.length === 0 ? root : null;
}

export function child(element: XmlElement | null, ...path: string[]): XmlElement | null {
  let at = element;
  for (const name of path) at = at?.children.find((c) => c.name === name) ?? null;
  return at;
}

export function childrenNamed(element: XmlElement | null, name: string): XmlElement[] {
  return element?.children.filter((c) => c.name === name) ?? [];
}

/** An element's leaf children as name -> trimmed text (a flat PayforResponse, one PaymentRequest). */
export function fieldsOf(element: XmlElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const c of element.children) if (c.children.length === 0) fields[c.name] = c.text.trim();
  return fields;
}
