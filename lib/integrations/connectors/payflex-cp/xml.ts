import { XMLParser, XMLValidator } from "fast-xml-parser";

// Requests are written by the writer the banks share; PayFlex's answers are read below.
export { buildXml, escapeXml, type XmlTree } from "../strict-xml";

/**
 * The XML PayFlex speaks: the virtual POS takes a <VposRequest> or a <SearchRequest> (posted as the form field
 * `prmstr`, as mewebstudio/pos's PayFlexV4Pos::send does) and every PayFlex service answers XML. Requests are written
 * here, every value escaped; answers are read into a tree with fast-xml-parser (comments, CDATA and character
 * references handled by a maintained reader). A DOCTYPE, a reference to no character or a document that is not
 * well-formed makes the answer unreadable (null): no entity can be declared, nothing can pull in a file. An element
 * given twice where PayFlex gives one is refused by the readers (one(), response-mapper.ts): which one is meant would
 * be ambiguous. Attributes are ignored (PayFlex puts nothing we read in them).
 */
export type XmlElement = { name: string; text: string; children: XmlElement[] };
const CDATA = "#cdata";
const TEXT = "#text";
const UNRESOLVED_REFERENCE = /&(?:#\d+|#x[0-9a-f]+|[a-z_][\w.-]*);/i;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: true,
  htmlEntities: true,
  processEntities: true,
  cdataPropName: CDATA,
});

class Unreadable extends Error {}

type Node = Record<string, unknown>;

function toElement(node: Node): XmlElement {
  const [name, content] = Object.entries(node).find(([key]) => key !== ":@") ?? [];
  if (!name || !Array.isArray(content)) throw new Unreadable("not an element");
  const element: XmlElement = { name, text: "", children: [] };
  for (const item of content as Node[]) {
    if (TEXT in item) {
      const text = String(item[TEXT]);
      if (UNRESOLVED_REFERENCE.test(text)) throw new Unreadable("unresolved reference");
      element.text += text;
    } else if (CDATA in item) {
      for (const part of item[CDATA] as Node[]) element.text += String(part[TEXT] ?? "");
    } else element.children.push(toElement(item));
  }
  return element;
}

/** The document's root element, or null for anything that is not one readable XML document (an HTML error page). */
export function parseXml(xml: string): XmlElement | null {
  if (/<!DOCTYPE/i.test(xml) || xml.trim() === "" || XMLValidator.validate(xml) !== true) return null;
  try {
    const nodes = (parser.parse(xml) as Node[]).filter((n) => !(TEXT in n));
    if (nodes.length !== 1) return null;
    return toElement(nodes[0]!);
  } catch {
    return null;
  }
}

/** Every child of that name. */
export function childrenNamed(element: XmlElement | null, name: string): XmlElement[] {
  return element?.children.filter((c) => c.name === name) ?? [];
}

/** Thrown by one() for an element given twice: the answer is ambiguous. */
export class RepeatedElement extends Error {}

/** The one child of that name (null when absent); an element given twice throws RepeatedElement. */
export function one(element: XmlElement | null, name: string): XmlElement | null {
  const found = childrenNamed(element, name);
  if (found.length > 1) throw new RepeatedElement(`${name} is given twice`);
  return found[0] ?? null;
}

/** The trimmed text of the one child of that name, "" when absent. */
export function textOf(element: XmlElement | null, name: string): string {
  return one(element, name)?.text.trim() ?? "";
}

/** The element's leaf children as name -> text (the flat answers: registration, query, VposResponse). */
export function leaves(element: XmlElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of element.children) {
    if (c.children.length > 0) continue;
    if (Object.hasOwn(out, c.name)) throw new RepeatedElement(`${c.name} is given twice`);
    out[c.name] = c.text.trim();
  }
  return out;
}
