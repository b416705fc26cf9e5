import { PartnerCallError } from "../ports";
import { unreachable } from "../unreachable";
import type { AkbankPosConfig } from "./config";
import { requestHash } from "./crypt";
import type { ApiRequest } from "./request-mapper";

/**
 * One call to Akbank's JSON API, as mewebstudio/pos's AkbankPos::send makes it: a POST of the request's JSON to
 * <apiUrl>/transaction/process (or /portal/report/transaction for the date-range history), signed by the
 * `auth-hash` header (HMAC-SHA512 of the body with the secret key, Base64). Every business outcome, a decline or a
 * refused refund included, is HTTP 200 with a JSON object whose `responseCode` says it ("VPS-0000" is success);
 * a request the bank's validation refuses is HTTP 400 with a JSON {code, message}, read here as an answer of that
 * code. Everything else is a call that got no answer and is worth sending again: a timeout, a network failure,
 * any other status, or a body that is no such JSON object (a proxy's or maintenance page).
 */
export type AkbankAnswer = {
  responseCode: string;
  responseMessage: string;
  /** The answer's JSON object as received. */
  json: Record<string, unknown>;
};

export type ApiPath = "transaction/process" | "portal/report/transaction";

export const SUCCESS = "VPS-0000";

export function urlOf(config: AkbankPosConfig, path: ApiPath): string {
  return `${config.apiUrl.replace(/\/+$/, "")}/${path}`;
}

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

function retryAfter(header: string | null): number | undefined {
  const seconds = Number(header);
  return header !== null && Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 3600) * 1000 : undefined;
}

export async function callApi(config: AkbankPosConfig, path: ApiPath, request: ApiRequest): Promise<AkbankAnswer> {
  return (await callApiWithBody(config, path, request)).answer;
}

/** The same call, with the answer's text as received (what a reconciliation keeps of each page). */
export async function callApiWithBody(
  config: AkbankPosConfig,
  path: ApiPath,
  request: ApiRequest,
): Promise<{ answer: AkbankAnswer; body: string }> {
  const url = urlOf(config, path);
  const payload = JSON.stringify(request);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "auth-hash": requestHash(payload, config.secretKey),
      },
      body: payload,
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: "manual",
    });
  } catch (error) {
    throw unreachable("Akbank API", error, url, config.timeoutMs);
  }
  let body: string;
  try {
    body = await response.text();
  } catch (error) {
    throw unreachable("Akbank API", error, url, config.timeoutMs);
  }
  if (response.status !== 200 && response.status !== 400) {
    const wait = retryAfter(response.headers.get("retry-after"));
    throw new PartnerCallError({
      kind: "retry",
      reason: `Akbank API answered HTTP ${response.status}`,
      ...(wait !== undefined ? { retryAfterMs: wait } : {}),
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = null;
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw new PartnerCallError({ kind: "retry", reason: "Akbank API answered something that is not a JSON object" });
  const object = json as Record<string, unknown>;
  // A validation refusal names its code as `code` (mewebstudio/pos reads $data['code'] and $data['message']).
  const responseCode = text(object.responseCode) || (response.status === 400 ? text(object.code) : "");
  if (!responseCode)
    throw new PartnerCallError({ kind: "retry", reason: "Akbank API answered without a responseCode" });
  if (response.status === 400 && responseCode === SUCCESS)
    throw new PartnerCallError({ kind: "retry", reason: "Akbank API answered HTTP 400 with a success code" });
  return {
    answer: { responseCode, responseMessage: text(object.responseMessage) || text(object.message), json: object },
    body,
  };
}
