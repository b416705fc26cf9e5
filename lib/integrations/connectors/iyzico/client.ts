import Iyzipay from "iyzipay";
import { PartnerCallError, type CallFailure } from "../ports";
import type { IyzicoConfig } from "./config";
import { partnerErrorOf } from "./response-mapper";

/**
 * The outbound calls, through the official `iyzipay` client (its callback API wrapped in promises). Each
 * call is bounded by `timeoutMs`: the client takes no timeout or AbortSignal, so a call still running then is
 * given up (its late answer is ignored) and counts as "retry".
 *
 * The client hands back only the parsed body, never the HTTP status, so failures are classified by body:
 * no answer or a body that is not iyzico's JSON (a proxy's 502/504 page, a 429 from a limiter) is "retry";
 * iyzico's `status: "failure"` is a definite answer, except its system error (errorCode "1"), which is
 * "retry" as well.
 */

export type IyzicoAnswer = Record<string, unknown> & { status: "success" | "failure" };

type ResourceName =
  "checkoutFormInitialize" | "checkoutForm" | "payment" | "refundV2" | "binNumber" | "reportingTransactionDetails";
type Operation = "create" | "retrieve";

/** iyzico's generic "system error": nothing was decided, so the call may be made again. */
const SYSTEM_ERROR_CODES = new Set(["1"]);

function clientFor(config: IyzicoConfig): Iyzipay {
  return new Iyzipay({ apiKey: config.apiKey, secretKey: config.secretKey, uri: config.baseUrl });
}

/**
 * Calls one resource; resolves with iyzico's JSON answer (success or failure), rejects with PartnerCallError(retry).
 */
export function callIyzico(
  config: IyzicoConfig,
  resource: ResourceName,
  operation: Operation,
  request: Record<string, unknown>,
): Promise<IyzicoAnswer> {
  return new Promise<IyzicoAnswer>((resolve, reject) => {
    const retry = (reason: string) => reject(new PartnerCallError({ kind: "retry", reason }));
    const timer = setTimeout(() => retry(`iyzico did not answer within ${config.timeoutMs} ms`), config.timeoutMs);
    try {
      clientFor(config)[resource][operation](request, (error, result) => {
        clearTimeout(timer);
        if (error)
          return retry(`iyzico could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message})`);
        if (!isAnswer(result)) return retry("iyzico's answer was not its JSON (a gateway or rate-limit page)");
        if (result.status === "failure" && SYSTEM_ERROR_CODES.has(String(result.errorCode)))
          return retry(`iyzico system error (${String(result.errorCode)})`);
        resolve(result);
      });
    } catch (error) {
      clearTimeout(timer);
      retry(`the iyzico client failed before sending (${(error as Error).message})`);
    }
  });
}

function isAnswer(result: unknown): result is IyzicoAnswer {
  if (typeof result !== "object" || result === null || Array.isArray(result)) return false;
  const status = (result as Record<string, unknown>).status;
  return status === "success" || status === "failure";
}

/** A failure answer as the definite refusal it is. */
export function refusalOf(answer: IyzicoAnswer): CallFailure {
  return { kind: "refused", error: partnerErrorOf(answer) };
}
