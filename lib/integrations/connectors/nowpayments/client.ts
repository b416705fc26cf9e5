import { unreachable } from "../unreachable";
import { PartnerCallError } from "../ports";
import type { NowpaymentsConfig } from "./config";
import { partnerErrorOf } from "./response-mapper";

/**
 * The outbound calls, plain fetch. Every failure is classified for the core:
 *  - 400/401/403 are NOWPayments' documented refusals ({ status: false, statusCode, code, message }, e.g.
 *    INVALID_API_KEY 403, AUTH_REQUIRED 401, INVALID_REQUEST_PARAMS 400): "refused";
 *  - 408, 429 (their rate limit; Retry-After honoured), 5xx, timeouts and network errors: "retry";
 *  - anything else (an undocumented 4xx such as a wrong base URL's 404) is not a definite no: "retry".
 * NOWPayments documents no "already exists" answer for order_id; idempotency is described in index.ts.
 */

/** `text` is the body exactly as received (kept by the report as the partner's own words). */
export type Answer = { status: number; body: unknown; text?: string; retryAfterMs?: number };

type Call = {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  token?: string;
  signal?: AbortSignal;
};

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One HTTP exchange; throws only for what never produced an answer (timeout, network). */
export async function send(config: NowpaymentsConfig, call: Call): Promise<Answer> {
  const url = new URL(`${config.baseUrl}${call.path}`);
  for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { "x-api-key": config.apiKey, accept: "application/json" };
  if (call.body !== undefined) headers["content-type"] = "application/json";
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: call.signal ?? AbortSignal.timeout(config.timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    throw unreachable(`NOWPayments (${call.method} ${call.path})`, error, url.toString(), config.timeoutMs);
  }
  const text = await response.text();
  return { status: response.status, body: parse(text), text, ...retryAfter(response) };
}

function retryAfter(response: Response): { retryAfterMs?: number } {
  const header = response.headers.get("retry-after");
  const seconds = header && /^\d+$/.test(header) ? Number(header) : null;
  return seconds === null ? {} : { retryAfterMs: seconds * 1000 };
}

/** A failed answer as the port's CallFailure. */
export function failureOf(answer: Answer, what: string): PartnerCallError {
  const { status, body } = answer;
  if (status === 400 || status === 401 || status === 403)
    return new PartnerCallError({ kind: "refused", error: partnerErrorOf(status, body) });
  const reason =
    status === 429 ? `NOWPayments rate limit on ${what}` : `NOWPayments answered HTTP ${status} on ${what}`;
  return new PartnerCallError({
    kind: "retry",
    reason,
    ...(answer.retryAfterMs !== undefined ? { retryAfterMs: answer.retryAfterMs } : {}),
  });
}

/** A call that must succeed: its JSON body, or a classified PartnerCallError. */
export async function call(config: NowpaymentsConfig, request: Call): Promise<unknown> {
  const answer = await send(config, request);
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  throw failureOf(answer, `${request.method} ${request.path}`);
}

/** POST /v1/auth: a JWT for the payout endpoints (NOWPayments: it expires in 5 minutes, so one per use). */
export async function authenticate(config: NowpaymentsConfig): Promise<string> {
  const body = await call(config, {
    method: "POST",
    path: "/auth",
    body: { email: config.email, password: config.password },
  });
  const token = body && typeof body === "object" ? (body as { token?: unknown }).token : undefined;
  if (typeof token !== "string" || token === "")
    throw new PartnerCallError({ kind: "retry", reason: "NOWPayments /auth answered without a token" });
  return token;
}
