import { PartnerCallError } from "../ports";
import { unreachable } from "../unreachable";
import type { PayforConfig } from "./config";
import { buildRequest, parseXml, type XmlElement } from "./payfor-xml";

/**
 * One call to PayFor's XMLGate (POST of a <PayforRequest>, text/xml, as mewebstudio/pos's PayForPos::send). PayFor
 * answers every business outcome, a decline or a refused refund included, as HTTP 200 with a PayforResponse (or a
 * TxnHistoryReport) whose ProcReturnCode says it; callers read those. Everything else is a call that got no answer
 * and is worth sending again: a timeout, a network failure, any other HTTP status, or a body that is not a readable
 * answer of the kind asked for (a proxy's or maintenance page). No transport failure is a definite "refused".
 */
export type PayforAnswer = { root: XmlElement; body: string };

export async function callApi(
  config: PayforConfig,
  fields: Record<string, string>,
  expected: "PayforResponse" | "TxnHistoryReport",
): Promise<PayforAnswer> {
  let response: Response;
  try {
    response = await fetch(config.apiUrl, {
      method: "POST",
      headers: { "content-type": "text/xml; charset=UTF-8", accept: "text/xml, application/xml" },
      body: buildRequest(fields),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: "manual",
    });
  } catch (error) {
    throw unreachable("PayFor XMLGate", error, config.apiUrl, config.timeoutMs);
  }
  const bytes = Buffer.from(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
  if (response.status !== 200)
    throw new PartnerCallError({ kind: "retry", reason: `PayFor XMLGate answered HTTP ${response.status}` });
  const body = decodeBody(bytes, response.headers.get("content-type"));
  const root = parseXml(body);
  if (!root || root.name !== expected)
    throw new PartnerCallError({
      kind: "retry",
      reason: `PayFor XMLGate answered something that is not a ${expected}`,
    });
  return { root, body };
}

/** PayFor answers in UTF-8 unless its header or XML declaration names another charset. */
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
