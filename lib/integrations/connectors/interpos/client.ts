import { PartnerCallError } from "../ports";
import { unreachable } from "../unreachable";
import type { InterposConfig } from "./config";
import { formBody, parseAnswer } from "./wire";

/**
 * One call to InterVPOS's API (a form POST to Default.aspx, answered by ";;"-separated Name=Value text). The bank
 * answers every business outcome, a refused refund included, as HTTP 200 with a ProcReturnCode; callers read those.
 * Everything else is a call that got no answer and is worth sending again: a timeout, a network failure, any other
 * HTTP status, or a body that is no InterVPOS answer (a proxy's or maintenance page). No transport failure is
 * "refused".
 */
export async function callApi(config: InterposConfig, fields: Record<string, string>): Promise<Record<string, string>> {
  return (await callApiWithBody(config, fields)).fields;
}

/** The same call, with the answer's text as received (what a reconciliation keeps of each page). */
export async function callApiWithBody(
  config: InterposConfig,
  fields: Record<string, string>,
): Promise<{ fields: Record<string, string>; body: string }> {
  let response: Response;
  try {
    response = await fetch(config.apiUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/plain, text/html" },
      body: formBody(fields),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: "manual",
    });
  } catch (error) {
    throw unreachable("InterVPOS API", error, config.apiUrl, config.timeoutMs);
  }
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw unreachable("InterVPOS API", error, config.apiUrl, config.timeoutMs);
  }
  if (response.status !== 200)
    throw new PartnerCallError({ kind: "retry", reason: `InterVPOS API answered HTTP ${response.status}` });
  const body = decodeBody(bytes, response.headers.get("content-type"));
  const parsed = parseAnswer(body);
  if (!parsed)
    throw new PartnerCallError({
      kind: "retry",
      reason: "InterVPOS API answered something that is not an answer of its own",
    });
  return { fields: parsed, body };
}

/** UTF-8 unless the header names another charset (the bank's pages are Turkish: Windows-1254 when not UTF-8). */
function decodeBody(bytes: Buffer, contentType: string | null): string {
  const charset = /charset=([\w-]+)/i.exec(contentType ?? "")?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // an unknown label: read as below
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1254").decode(bytes);
  }
}
