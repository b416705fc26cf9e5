import { randomUUID } from "node:crypto";
import { isDatabaseUnavailable } from "@/lib/base/db/database-unavailable";
import { logger } from "@/lib/base/observability/logger";
import { routeLabel } from "@/lib/base/observability/route-label";
import { timePhase } from "@/lib/base/observability/request-phases";
import { countSignatureRefusal } from "./count-signature-refusal";
import { asApiError } from "./from-domain-error";
import { jsonResponse } from "./json-response";

/** `responseHeaders` are set on the answer whatever it is, a refusal included (the rate limit's headers, say). */
export type RequestContext = { requestId: string; params: Record<string, string | string[]>; responseHeaders: Headers };
type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type Handler = (req: Request, ctx: RequestContext) => Promise<Response>;

/** Seconds a client is asked to wait when the database is unavailable (a restart or fail-over). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function logUnexpected(requestId: string, req: Request, error: unknown): void {
  const err =
    error instanceof Error
      ? { name: error.name, message: error.message, stack: error.stack }
      : { value: String(error) };
  logger.error(
    { request_id: requestId, method: req.method, path: routeLabel(new URL(req.url).pathname), err },
    "unhandled error",
  );
}

/**
 * The single place errors become responses: ApiError and the domain's DomainError as the contract's shape,
 * the database being unavailable as a 503 with Retry-After (the client cannot tell an outage from a bug
 * otherwise), anything else as a 500 that carries the request id and nothing of the failure itself. Every
 * response gets X-Request-Id.
 */
export function withApiErrors(handler: Handler) {
  // `route` is required in the signature: Next's generated route types (next dev) reject an optional one.
  return (req: Request, route: RouteContext): Promise<Response> =>
    timePhase("handler", () => handle(handler, req, route));
}

async function handle(handler: Handler, req: Request, route: RouteContext): Promise<Response> {
  const requestId = req.headers.get("x-request-id")?.match(/^[\w.-]{8,100}$/)?.[0] ?? randomUUID();
  let response: Response;
  const responseHeaders = new Headers();
  try {
    response = await handler(req, { requestId, params: (await route.params) ?? {}, responseHeaders });
  } catch (error) {
    const refusal = asApiError(error);
    if (refusal) {
      countSignatureRefusal(new URL(req.url).pathname, refusal.status, refusal.body);
      response = jsonResponse(refusal.body, refusal.status, refusal.headers);
    } else if (isDatabaseUnavailable(error)) {
      logUnexpected(requestId, req, error);
      response = jsonResponse(
        {
          success: false,
          error: "Service unavailable",
          message: "The service cannot reach its database; retry after the Retry-After seconds.",
          request_id: requestId,
        },
        503,
        { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
      );
    } else {
      logUnexpected(requestId, req, error);
      response = jsonResponse(
        {
          success: false,
          error: "Internal error",
          message: "An unexpected error occurred. Quote the request_id when contacting support.",
          request_id: requestId,
        },
        500,
      );
    }
  }
  return timePhase("response", () => {
    for (const [name, value] of responseHeaders) if (!response.headers.has(name)) response.headers.set(name, value);
    response.headers.set("x-request-id", requestId);
    return response;
  });
}
