import { parseStrictXml, type XmlElement } from "../strict-xml";

export { buildXml, child, childrenNamed, escapeXml, textAt, type XmlElement, type XmlTree } from "../strict-xml";

/**
 * GVP's XML API envelope: a nested <GVPSRequest> answered by a nested <GVPSResponse>, read by the strict reader the
 * banks share (../strict-xml.ts). Only the list items GVP documents repeat: the lines of an order's history and the
 * host's messages; two <Code>s, two <Status>es of one transaction make the answer unreadable.
 */
const REPEATABLE: ReadonlySet<string> = new Set(["OrderTxn", "HostMsg"]);

export function parseXml(xml: string): XmlElement | null {
  return parseStrictXml(xml, REPEATABLE);
}
