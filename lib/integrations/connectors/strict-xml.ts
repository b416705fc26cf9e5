/**
 * The small strict XML reader and writer the banks' XML APIs share (Garanti's GVP, QNB Finansbank's PayFor): elements,
 * text, CDATA and comments; the five predefined entities and character references; attributes are ignored. A DOCTYPE
 * (and with it any entity definition), a mismatched tag or a reference to no character makes the whole answer
 * unreadable (null), which callers treat as "no answer": nothing in an answer can pull in a file or change what the
 * rest of it says. So does an element given twice where the partner gives one: which one is meant is ambiguous, and
 * reading the first would let an appended one hide. Only the list items a partner documents repeat.
 */

/** Whether an element's children name one element twice that is no list item. */
function repeatsOne(element: XmlElement, repeatable: ReadonlySet<string>): boolean {
  const seen = new Set<string>();
  for (const { name } of element.children) {
    if (seen.has(name) && !repeatable.has(name)) return true;
    seen.add(name);
  }
  return false;
}

export type XmlElement = { name: string; children: XmlElement[]; text: string };

/** A request tree: text leaves and nested objects, written in key order. */
export type XmlTree = { [name: string]: string | XmlTree };

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** A tree's elements, in key order, every value escaped. */
export function writeXml(tree: XmlTree): string {
  return Object.entries(tree)
    .map(([name, value]) => `<${name}>${typeof value === "string" ? escapeXml(value) : writeXml(value)}</${name}>`)
    .join("");
}

export function buildXml(root: string, tree: XmlTree): string {
  return `<?xml version="1.0" encoding="UTF-8"?><${root}>${writeXml(tree)}</${root}>`;
}

function decodeEntities(text: string): string | null {
  let failed = false;
  const out = text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) {
      failed = true; // a bare "&" is not well-formed XML
      return whole;
    }
    if (ref === "lt") return "<";
    if (ref === "gt") return ">";
    if (ref === "amp") return "&";
    if (ref === "quot") return '"';
    if (ref === "apos") return "'";
    const code = ref.startsWith("#x") ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    if (!Number.isSafeInteger(code) || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      failed = true;
      return whole;
    }
    return String.fromCodePoint(code);
  });
  return failed ? null : out;
}

/**
 * The document's root element, or null when the text is not a well-formed document of this reader. `repeatable` names
 * the elements the partner documents as list items: any other element given twice in one parent is refused.
 */
export function parseStrictXml(xml: string, repeatable: ReadonlySet<string>): XmlElement | null {
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
        if (!open || open.name !== tag.slice(1).trim() || repeatsOne(open, repeatable)) return null;
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

/** The child of that name (one at most: parseXml refused a repeated one), or the element at a path of names; null. */
export function child(element: XmlElement | null, ...path: string[]): XmlElement | null {
  let at = element;
  for (const name of path) at = at?.children.find((c) => c.name === name) ?? null;
  return at;
}

/** Every child of that name. */
export function childrenNamed(element: XmlElement | null, name: string): XmlElement[] {
  return element?.children.filter((c) => c.name === name) ?? [];
}

/** The trimmed text at a path of names, "" when absent. */
export function textAt(element: XmlElement | null, ...path: string[]): string {
  return child(element, ...path)?.text.trim() ?? "";
}

/** An element's leaf children as name -> trimmed text (a flat answer, one record of a list). */
export function fieldsOf(element: XmlElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const c of element.children) if (c.children.length === 0) fields[c.name] = c.text.trim();
  return fields;
}
