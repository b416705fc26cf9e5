import { randomUUID } from "node:crypto";
import { asApiError } from "./from-domain-error";
import { jsonResponse } from "./json-response";

export type RequestContext = { requestId: string; params: Record<string, string | string[]> };
type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type Handler = (req: Request, ctx: RequestContext) => Promise<Response>;

function logUnexpected(requestId: string, req: Request, error: unknown): void {
  const err = error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { value: String(error) };
  console.error(JSON.stringify({ level: "error", msg: "unhandled error", request_id: requestId, method: req.method, path: new URL(req.url).pathname, err }));
}

/**
 * The single place errors become responses: ApiError and the domain's DomainError as the contract's shape, anything else as a 500 that
 * carries the request id and nothing of the failure itself. Every response gets X-Request-Id.
 */
export function withApiErrors(handler: Handler) {
  // `route` is required in the signature: Next's generated route types (next dev) reject an optional one.
  return async (req: Request, route: RouteContext): Promise<Response> => {
    const requestId = req.headers.get("x-request-id")?.match(/^[\w.-]{8,100}$/)?.[0] ?? randomUUID();
    let response: Response;
    try {
      response = await handler(req, { requestId, params: (await route.params) ?? {} });
    } catch (error) {
      const refusal = asApiError(error);
      if (refusal) {
        response = jsonResponse(refusal.body, refusal.status, refusal.headers);
      } else {
        logUnexpected(requestId, req, error);
        response = jsonResponse(
          { success: false, error: "Internal error", message: "An unexpected error occurred. Quote the request_id when contacting support.", request_id: requestId },
          500,
        );
      }
    }
    response.headers.set("x-request-id", requestId);
    return response;
  };
}
