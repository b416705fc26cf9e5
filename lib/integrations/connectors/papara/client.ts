import { PartnerCallError, type PartnerError } from "../ports";
import { unreachable } from "../unreachable";
import type { PaparaConfig } from "./config";

/**
 * Papara's merchant API: JSON with the `ApiKey` header, answered `{ succeeded, data, error: { code, message } }`
 * (its clients' PaparaServiceResult). Only Papara's own answer is a verdict:
 *  - `succeeded: true`: the data;
 *  - `succeeded: false` with a documented code: a definite refusal, except 999 ("an error occurred in the
 *    Papara system", which may have acted or not) and mass payment's 133 ("MassPaymentID was used recently":
 *    the payment exists) ;
 *  - HTTP 401/403: the key refused;
 *  - a 404, or for a lookup `succeeded: false` with a definite code: nothing under that id or reference (Papara
 *    does not document its not-found answer; lookUpPapara);
 *  - anything else (no answer, a timeout, 429, 5xx, a body that is not Papara's JSON): "retry".
 */

export type PaparaResult = { kind: "data"; data: Record<string, unknown> | null } | { kind: "not_found" };

type Call = { method: "GET" | "POST"; path: string; query?: Record<string, string>; body?: unknown };

/** Codes that mean "nothing was done and nothing will be": the rest of Papara's documented codes are. */
const NOT_DEFINITE = new Set([999]);
export const MASS_PAYMENT_ID_USED = 133;

/** Papara's documented codes (payments and mass payment) in our words; Papara's own text follows in brackets. */
const WORDS: Record<number, string> = {
  100: "No Papara user has this number",
  105: "Insufficient funds in the merchant's Papara balance",
  107: "The receiver's Papara balance limit would be exceeded",
  111: "The receiver's monthly Papara limit would be exceeded",
  133: "This mass payment id was used recently",
  398: "The receiver's Papara account is not verified for foreign currency",
  401: "Papara refused the API key",
  403: "Papara refused the API key",
  997: "The merchant account is not authorised for this at Papara",
  998: "Papara found the request's parameters malformed",
};

export class PaparaRefusal extends Error {
  constructor(
    readonly code: number,
    readonly words: string,
    /** HTTP 401/403: the key itself was refused (not an answer about what was asked). */
    readonly keyRefused = false,
  ) {
    super(`Papara refused (${code}): ${words}`);
    this.name = "PaparaRefusal";
  }
  get error(): PartnerError {
    const ours = WORDS[this.code];
    return {
      code: `PAPARA_${this.code}`,
      message: ours && ours !== this.words ? `${ours} (${this.words})` : (ours ?? this.words),
    };
  }
}

function errorOf(body: unknown): { code: number; message: string } | null {
  const error = body && typeof body === "object" ? (body as { error?: unknown }).error : null;
  if (!error || typeof error !== "object") return null;
  const code = Number((error as { code?: unknown }).code);
  const message = (error as { message?: unknown }).message;
  return Number.isInteger(code)
    ? { code, message: typeof message === "string" ? message.slice(0, 200) : "no message" }
    : null;
}

/**
 * One call. Returns Papara's data or "not found"; throws PaparaRefusal for a definite refusal (the caller
 * words it for its direction) and PartnerCallError "retry" for everything that decides nothing.
 */
export async function callPapara(config: PaparaConfig, call: Call): Promise<PaparaResult> {
  return (await callPaparaAsSent(config, call)).result;
}

/** callPapara, with the answer's body exactly as received (what the report keeps as Papara's own words). */
export async function callPaparaAsSent(
  config: PaparaConfig,
  call: Call,
): Promise<{ result: PaparaResult; text: string }> {
  const url = new URL(`${config.baseUrl}${call.path}`);
  for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method,
      headers: {
        ApiKey: config.apiKey,
        accept: "application/json",
        ...(call.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    throw unreachable(`Papara (${call.method} ${call.path})`, error, url.toString(), config.timeoutMs);
  }
  const text = await response.text();
  if (response.status === 401 || response.status === 403)
    throw new PaparaRefusal(response.status, "Papara refused the API key", true);
  if (response.status === 404) return { result: { kind: "not_found" }, text };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PartnerCallError({
      kind: "retry",
      reason: `Papara answered HTTP ${response.status} without its JSON on ${call.method} ${call.path}`,
    });
  }
  const succeeded = body && typeof body === "object" ? (body as { succeeded?: unknown }).succeeded : undefined;
  if (succeeded === true && response.status >= 200 && response.status < 300) {
    const data = (body as { data?: unknown }).data;
    return {
      result: {
        kind: "data",
        data: data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : null,
      },
      text,
    };
  }
  const error = errorOf(body);
  if (succeeded === false && error && !NOT_DEFINITE.has(error.code) && response.status < 500)
    throw new PaparaRefusal(error.code, error.message);
  const retryAfter = response.headers.get("retry-after");
  throw new PartnerCallError({
    kind: "retry",
    reason:
      `Papara answered HTTP ${response.status}${error ? ` (${error.code}: ${error.message})` : ""} on ` +
      `${call.method} ${call.path}`,
    ...(retryAfter && /^\d+$/.test(retryAfter) ? { retryAfterMs: Number(retryAfter) * 1000 } : {}),
  });
}

/** A call whose refusal is a definite no for the order: PaparaRefusal becomes PartnerCallError "refused". */
export async function callOrRefuse(config: PaparaConfig, call: Call): Promise<PaparaResult> {
  try {
    return await callPapara(config, call);
  } catch (error) {
    if (error instanceof PaparaRefusal) throw new PartnerCallError({ kind: "refused", error: error.error });
    throw error;
  }
}

/**
 * A lookup by id or reference. Papara does not document how it says "nothing under this id": a 404 and a
 * `succeeded: false` with a definite code (anything but 999) both mean it, so neither fails what was asked; only a
 * refused key (HTTP 401/403) is a refusal (PartnerCallError "refused"). Creating after such an answer cannot pay
 * twice: Papara refuses a reused massPaymentId (133), and a 999 or no answer is still "retry".
 */
export async function lookUpPapara(config: PaparaConfig, call: Call & { method: "GET" }): Promise<PaparaResult> {
  try {
    return await callPapara(config, call);
  } catch (error) {
    if (!(error instanceof PaparaRefusal)) throw error;
    if (error.keyRefused) throw new PartnerCallError({ kind: "refused", error: error.error });
    return { kind: "not_found" };
  }
}
