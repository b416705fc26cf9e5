import { PartnerCallError } from "../ports";
import { unreachable } from "../unreachable";
import type { GarantiConfig } from "./config";
import { buildXml, child, parseXml, textAt, type XmlElement, type XmlTree } from "./gvps-xml";

/**
 * One call to GVP's XML API (POST of a <GVPSRequest> to VPServlet, answered by a <GVPSResponse>). GVP answers
 * every business outcome, a decline or a refused refund included, as HTTP 200 with a GVPSResponse whose
 * Transaction/Response/Code says it; callers read those. Everything else is a call that got no answer and is
 * worth sending again: a timeout, a network failure, any other HTTP status, or a body that is not a readable
 * GVPSResponse (a proxy's or maintenance page). No transport failure is a definite "refused".
 */
export type GvpsAnswer = { root: XmlElement; code: string; reasonCode: string; message: string };

export async function callApi(config: GarantiConfig, request: XmlTree): Promise<GvpsAnswer> {
  return (await callApiWithBody(config, request)).answer;
}

/** The same call, with the answer's text as received (what a reconciliation keeps of each page). */
export async function callApiWithBody(
  config: GarantiConfig,
  request: XmlTree,
): Promise<{ answer: GvpsAnswer; body: string }> {
  let response: Response;
  try {
    response = await fetch(config.apiUrl, {
      method: "POST",
      headers: { "content-type": "application/xml; charset=utf-8", accept: "application/xml, text/xml" },
      body: buildXml("GVPSRequest", request),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: "manual",
    });
  } catch (error) {
    throw unreachable("Garanti API", error, config.apiUrl, config.timeoutMs);
  }
  const bytes = Buffer.from(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
  if (response.status !== 200)
    throw new PartnerCallError({ kind: "retry", reason: `Garanti API answered HTTP ${response.status}` });
  const body = decodeBody(bytes, response.headers.get("content-type"));
  const root = parseXml(body);
  const code = textAt(root, "Transaction", "Response", "Code");
  if (!root || root.name !== "GVPSResponse" || !child(root, "Transaction", "Response") || !code) {
    throw new PartnerCallError({ kind: "retry", reason: "Garanti API answered something that is not a GVPSResponse" });
  }
  const errorMessage = textAt(root, "Transaction", "Response", "ErrorMsg");
  const answer: GvpsAnswer = {
    root,
    code,
    reasonCode: textAt(root, "Transaction", "Response", "ReasonCode"),
    message: errorMessage || textAt(root, "Transaction", "Response", "Message"),
  };
  return { answer, body };
}

/** GVP answers in UTF-8 unless its header or XML declaration names another charset. */
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
