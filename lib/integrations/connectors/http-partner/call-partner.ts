import {
  checkPartnerAnswer,
  hmacSigner,
  newPartnerNonce,
  signedRequestHeaders,
} from "@/lib/base/crypto/partner-signature";
import { PartnerAnswerMismatch, PartnerCallError } from "../ports";
import { unreachable } from "../unreachable";
import { partnerUrl, type HttpPartnerConfig } from "./config";

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

/**
 * One signed call (version 2, plus version 1's header while the transition lasts). With `signedAnswer`,
 * a 2xx answer counts only if the partner signed it for this very request (its nonce); otherwise it is a
 * PartnerAnswerMismatch, never a result: the status inquiry's answers decide money and are asked so.
 */
export async function callPartner<T>(
  config: HttpPartnerConfig,
  header: string,
  path: string,
  payload: object | null,
  options: CallOptions = {},
): Promise<T> {
  return (await exchangeWithPartner<T>(config, header, path, payload, options)).json;
}

export type CallOptions = {
  /** The 2xx answer must be signed for this request (PartnerAnswerMismatch otherwise). */
  signedAnswer?: boolean;
  /** Statuses that are a definite refusal of this call besides 400 and 422 (a listing refused 401 or 404). */
  alsoRefused?: number[];
};

/** callPartner, with the answer's body also as the exact text received (kept by the reconciliation). */
export async function exchangeWithPartner<T>(
  config: HttpPartnerConfig,
  header: string,
  path: string,
  payload: object | null,
  options: CallOptions = {},
): Promise<{ json: T; text: string }> {
  const body = payload === null ? "" : JSON.stringify(payload);
  const url = partnerUrl(config, path);
  const method = payload === null ? "GET" : "POST";
  const sign = hmacSigner(config.secret);
  const nonce = newPartnerNonce();
  let res: Response;
  let text: string;
  try {
    const { pathname, search } = new URL(url);
    res = await fetch(url, {
      method,
      headers: {
        "content-type": "application/json",
        ...signedRequestHeaders(sign, { method, path: pathname + search, body, v1Header: header }, new Date(), nonce),
      },
      body: payload === null ? undefined : body,
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    text = await res.text();
  } catch (error) {
    throw unreachable("The partner", error, url, config.timeoutMs);
  }
  const json = (() => {
    try {
      return JSON.parse(text) as T & { message?: string; code?: string };
    } catch {
      return {} as T & { message?: string; code?: string };
    }
  })();
  if (res.ok) {
    if (options.signedAnswer) {
      const check = checkPartnerAnswer(
        sign,
        { requestNonce: nonce, status: res.status, headers: Object.fromEntries(res.headers), body: text },
        header,
      );
      if (!check.ok) throw new PartnerAnswerMismatch({ field: "signature", reason: check.reason });
    }
    return { json, text };
  }
  if (res.status === 409) throw new PartnerCallError({ kind: "duplicate" });
  if (REFUSALS.has(res.status) || options.alsoRefused?.includes(res.status)) {
    throw new PartnerCallError({
      kind: "refused",
      error: {
        code: json.code ?? String(res.status),
        message: json.message ?? `the partner refused the order (${res.status})`,
      },
    });
  }
  throw new PartnerCallError({
    kind: "retry",
    reason: `the partner answered ${res.status}${json.message ? `: ${json.message}` : ""}`,
    retryAfterMs: retryAfterMs(res.headers.get("retry-after")),
  });
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
