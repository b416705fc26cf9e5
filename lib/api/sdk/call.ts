import { ENDPOINTS, type EndpointId, type Res } from "./endpoints";
import { send, toResult, type ApiResult, type ClientOptions, type SiteClientOptions } from "./transport";

export type Call = { idempotencyKey?: string; headers?: Record<string, string> };

type Input = { key?: string; body?: unknown; query?: Record<string, string | number | undefined>; call?: Call };

/**
 * Calls one endpoint as its contract says: its method and path, and, where its hash formula takes one, the
 * key (X-Key or X-Credential-Key) as a header and between secret_key and timestamp in X-Hash.
 */
export function callEndpoint<Id extends EndpointId>(
  options: ClientOptions | SiteClientOptions,
  id: Id,
  input: Input = {},
): Promise<ApiResult<Res<Id>>> {
  const { method, path, hashedHeader } = ENDPOINTS[id] as {
    method: "GET" | "POST";
    path: string;
    hashedHeader: string | null;
  };
  const key = hashedHeader ? { [hashedHeader]: input.key ?? "" } : {};
  return send(options, {
    method,
    path,
    body: input.body,
    query: input.query,
    hashMiddle: hashedHeader ? [input.key ?? ""] : [],
    headers: { ...key, ...input.call?.headers },
    idempotencyKey: input.call?.idempotencyKey,
  }).then(toResult<Res<Id>>);
}
