import { PartnerCallError } from "../ports";
import { unreachable } from "../unreachable";
import { buildCC5Request, parseCC5Response, type CC5Response, type CC5Value } from "./cc5-xml";
import type { EstConfig } from "./config";

/**
 * One call to the EST XML API (CC5Request -> CC5Response). The API answers every business outcome, a
 * decline or a refused refund included, as HTTP 200 with a CC5Response; callers read those. Everything
 * else is a call that did not get an answer and is worth sending again: a timeout, a network failure,
 * 408/429/5xx, or a body that is not a CC5Response (a proxy's or maintenance page). EST documents no HTTP
 * status as a definite no, so no transport failure is "refused".
 */
export async function callApi(config: EstConfig, fields: Record<string, CC5Value>): Promise<CC5Response> {
  return (await callApiWithBody(config, fields)).response;
}

/** The same call, with the answer's text as received (what a reconciliation keeps of each page). */
export async function callApiWithBody(
  config: EstConfig,
  fields: Record<string, CC5Value>,
): Promise<{ response: CC5Response; body: string }> {
  let response: Response;
  try {
    response = await fetch(config.apiUrl, {
      method: "POST",
      headers: { "content-type": "application/xml; charset=utf-8", accept: "application/xml, text/xml" },
      body: buildCC5Request(fields),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: "manual",
    });
  } catch (error) {
    throw unreachable("EST API", error, config.apiUrl, config.timeoutMs);
  }
  const bytes = Buffer.from(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
  if (response.status !== 200) {
    const retryAfterMs = retryAfter(response.headers.get("retry-after"));
    throw new PartnerCallError({
      kind: "retry",
      reason: `EST API answered HTTP ${response.status}`,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }
  const body = decodeBody(bytes, response.headers.get("content-type"));
  const parsed = parseCC5Response(body);
  if (!parsed)
    throw new PartnerCallError({ kind: "retry", reason: "EST API answered something that is not a CC5Response" });
  return { response: parsed, body };
}

/** The API answers in ISO-8859-9 unless its header or XML declaration says otherwise. */
function decodeBody(bytes: Buffer, contentType: string | null): string {
  const head = bytes.subarray(0, 100).toString("latin1");
  const charset =
    /charset=([\w-]+)/i.exec(contentType ?? "")?.[1] ?? /encoding=["']([\w-]+)["']/i.exec(head)?.[1] ?? "iso-8859-9";
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder("iso-8859-9").decode(bytes);
  }
}

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 3600) * 1000 : undefined;
}
