import { PartnerCallError } from "../ports";
import { unreachable } from "../unreachable";
import type { PaytrConfig } from "./config";

/**
 * PayTR's API calls: form-encoded POSTs answered with JSON ({"status": "success" | "failed" | "error", ...}).
 * Only an answer PayTR wrote (its JSON) is a verdict; no answer, a timeout, a non-2xx status or a body that is
 * not its JSON (a proxy's error page) is "retry": nothing can be concluded from it.
 */

export type PaytrAnswer = Record<string, unknown> & { status?: unknown };

export const PATHS = {
  token: "/odeme/api/get-token",
  status: "/odeme/durum-sorgu",
  refund: "/odeme/iade",
  report: "/rapor/islem-dokumu",
} as const;

export async function postPaytr(
  config: PaytrConfig,
  path: string,
  fields: Record<string, string>,
): Promise<PaytrAnswer> {
  return (await postPaytrKeepingText(config, path, fields)).answer;
}

/** postPaytr, also handing back the body exactly as received (a report page keeps it for audit). */
export async function postPaytrKeepingText(
  config: PaytrConfig,
  path: string,
  fields: Record<string, string>,
): Promise<{ text: string; answer: PaytrAnswer }> {
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    throw unreachable(`PayTR (${path})`, error, `${config.baseUrl}${path}`, config.timeoutMs);
  }
  const text = await response.text();
  if (response.status < 200 || response.status >= 300)
    throw new PartnerCallError({ kind: "retry", reason: `PayTR answered HTTP ${response.status} on ${path}` });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PartnerCallError({ kind: "retry", reason: `PayTR's answer on ${path} is not JSON` });
  }
  if (!body || typeof body !== "object" || Array.isArray(body) || typeof (body as PaytrAnswer).status !== "string") {
    throw new PartnerCallError({ kind: "retry", reason: `PayTR's answer on ${path} has no status` });
  }
  return { text, answer: body as PaytrAnswer };
}

/** Words in PayTR's answers that say the call itself was refused (the store or its token), not what it asked. */
export const CREDENTIALS_REFUSED = /paytr_token|token|merchant_id|mağaza|magaza|yetki/i;

/** PayTR's own words on a refusal (`reason` on get-token, `err_msg` elsewhere), trimmed for a log or a message. */
export function paytrWords(answer: PaytrAnswer): string {
  const words = [answer.err_msg, answer.reason].find((v) => typeof v === "string" && v.trim() !== "");
  return typeof words === "string" ? words.trim().slice(0, 200) : "no reason given";
}
