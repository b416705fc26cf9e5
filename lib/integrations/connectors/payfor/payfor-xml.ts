import { parseStrictXml, writeXml, type XmlElement } from "../strict-xml";

export { child, childrenNamed, escapeXml, fieldsOf, type XmlElement } from "../strict-xml";

/**
 * PayFor's XMLGate envelope: a flat <PayforRequest> of fields, answered by a flat <PayforResponse> (a payment,
 * inquiry, void or refund) or a <TxnHistoryReport> of <PaymentRequestExtended> records (the history), as
 * mewebstudio/pos (src/Serializer/PayForPosSerializer.php and its tests) sends and reads them.
 *
 * The reader is the strict one the banks share (../strict-xml.ts): elements, text, CDATA and comments; the five
 * predefined entities and character references; attributes (PayFor's xmlns and xsi ones) are ignored. A DOCTYPE, a
 * mismatched tag or a reference to no character makes the whole answer unreadable (null), which callers treat as "no
 * answer". So does an element given twice where PayFor gives one (two <ProcReturnCode>s): which one is meant is
 * ambiguous. Only the list items PayFor documents repeat. PayFor pads some empty values with a line break and spaces
 * (the serializer's own note): text is trimmed when read.
 */
const REPEATABLE: ReadonlySet<string> = new Set(["PaymentRequestExtended", "ArrayOfString", "string"]);

/** A <PayforRequest> of the fields, in the order given. */
export function buildRequest(fields: Record<string, string>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<PayforRequest>${writeXml(fields)}</PayforRequest>\n`;
}

export function parseXml(xml: string): XmlElement | null {
  return parseStrictXml(xml, REPEATABLE);
}
