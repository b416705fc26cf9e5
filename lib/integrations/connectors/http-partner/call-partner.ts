import { PartnerCallError } from "../ports";
import { partnerUrl, type HttpPartnerConfig } from "./config";
import { hmacHex } from "./signature";

/**
 * How the partner's answers are read (docs/partner-protocol.md, "Answers"): 2xx is done; 409 means the
 * partner already holds this clientRef (the order was accepted before: never a failure); 400 and 422 are
 * a definite refusal, the only answers that may fail an order; everything else (408, 429, other 4xx such as
 * a 401 during a secret rotation, 5xx, a timeout, no connection) may have been accepted or not and is sent
 * again with backoff; the partner deduplicates on clientRef.
 */
const REFUSALS = new Set([400, 422]);

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export async function callPartner<T>(config: HttpPartnerConfig, header: string, path: string, payload: object | null): Promise<T> {
  const body = payload === null ? "" : JSON.stringify(payload);
  let res: Response;
  try {
    res = await fetch(partnerUrl(config, path), {
      method: payload === null ? "GET" : "POST",
      headers: { "content-type": "application/json", [header]: hmacHex(config.secret, body) },
      body: payload === null ? undefined : body,
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    throw new PartnerCallError({ kind: "retry", reason: `no answer from the partner: ${String(error)}` });
  }
  const json = (await res.json().catch(() => ({}))) as T & { message?: string; code?: string };
  if (res.ok) return json;
  if (res.status === 409) throw new PartnerCallError({ kind: "duplicate" });
  if (REFUSALS.has(res.status)) {
    throw new PartnerCallError({ kind: "refused", error: { code: json.code ?? String(res.status), message: json.message ?? `the partner refused the order (${res.status})` } });
  }
  throw new PartnerCallError({ kind: "retry", reason: `the partner answered ${res.status}${json.message ? `: ${json.message}` : ""}`, retryAfterMs: retryAfterMs(res.headers.get("retry-after")) });
}

/** The cheapest authenticated call, for "test connection". */
export async function pingPartner(config: HttpPartnerConfig, header: string, merchantId?: string) {
  try {
    await callPartner(config, header, "/ping", { merchantId: merchantId ?? null });
    return { ok: true, message: "The partner answered and accepted our signature." };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
