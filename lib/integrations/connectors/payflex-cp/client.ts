import { PartnerCallError } from "../ports";
import { unreachable } from "../unreachable";
import type { PayflexCpConfig } from "./config";
import { parseXml, type XmlElement } from "./xml";

/**
 * One call to a PayFlex service: an application/x-www-form-urlencoded POST answered by XML, as mewebstudio/pos sends
 * them (PayFlexCPV4Pos::send: the common payment's fields as they are; PayFlexV4Pos::send: the virtual POS's XML in
 * the field `prmstr`). PayFlex answers every business outcome (a decline, a refused refund, wrong credentials) as
 * HTTP 200 with XML that says so; callers read those. Everything else is a call that got no answer and is worth
 * sending again: a timeout, a network failure, any other HTTP status, or a body that is no XML (the bank's firewall
 * answers "Request Rejected" as an HTML page, mewebstudio/pos's serializer tests record one).
 */
export type PayflexAnswer = { root: XmlElement; body: string };

export async function postForm(
  config: PayflexCpConfig,
  url: string,
  service: string,
  fields: Record<string, string>,
): Promise<PayflexAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/xml, application/xml" },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: "manual",
    });
  } catch (error) {
    throw unreachable(service, error, url, config.timeoutMs);
  }
  const bytes = Buffer.from(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
  if (response.status !== 200)
    throw new PartnerCallError({ kind: "retry", reason: `${service} answered HTTP ${response.status}` });
  const body = decodeBody(bytes, response.headers.get("content-type"));
  const root = parseXml(body);
  if (!root) throw new PartnerCallError({ kind: "retry", reason: `${service} answered something that is not XML` });
  return { root, body };
}

/** A virtual POS call: the request document in the form field `prmstr`. */
export function postPrmstr(config: PayflexCpConfig, url: string, service: string, xml: string): Promise<PayflexAnswer> {
  return postForm(config, url, service, { prmstr: xml });
}

/** PayFlex answers UTF-8 unless its header or XML declaration names another charset. */
function decodeBody(bytes: Buffer, contentType: string | null): string {
  const head = bytes.subarray(0, 100).toString("latin1");
  const charset =
    /charset=([\w-]+)/i.exec(contentType ?? "")?.[1] ?? /encoding=["']([\w-]+)["']/i.exec(head)?.[1] ?? "utf-8";
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}
