import { contractHash, unixSeconds } from "@/lib/base/crypto/contract-hash";
import { requestSigningInput, signatureHeader } from "@/lib/base/crypto/request-signature";

export type Credentials = { apiKey: string; secretKey: string };

/** A dealer's site integration: its site token and its own secret key (never the dealer's). */
export type SiteCredentials = { siteToken: string; secretKey: string };

type Connection = {
  /** Where the service runs, e.g. https://pay.example.com (no trailing path). */
  baseUrl: string;
  /** Replaces global fetch, e.g. to add a proxy or a timeout. */
  fetch?: typeof fetch;
  /** Called with every response, e.g. for logging or contract checks. */
  onResponse?: (response: RawResponse) => void | Promise<void>;
};

export type ClientOptions = Credentials & Connection;
export type SiteClientOptions = SiteCredentials & Connection;

/** The header naming the caller and its value: X-Api-Key, or X-Site-Token for a site integration. */
function callerKey(options: ClientOptions | SiteClientOptions): [header: string, key: string] {
  return "siteToken" in options ? ["x-site-token", options.siteToken] : ["x-api-key", options.apiKey];
}

export type RawResponse = {
  method: string;
  path: string;
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
};

export type ErrorBody = {
  success: false;
  error?: string;
  error_code?: string;
  message?: string;
  messages?: string[];
  request_id?: string;
};

/** A call's outcome: the typed success body, or the error body with its HTTP status. Never throws for HTTP errors. */
export type ApiResult<T> =
  | { ok: true; status: number; data: T; requestId: string | null }
  | { ok: false; status: number; error: ErrorBody; requestId: string | null };

export type SendOptions = {
  method: "GET" | "POST";
  path: string;
  /** Values between secret_key and timestamp in X-Hash (X-Key or X-Credential-Key), in order. */
  hashMiddle?: string[];
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  idempotencyKey?: string;
};

/**
 * Signs and sends one request: X-Api-Key, X-Timestamp and X-Hash = H(api_key + secret_key + middle + timestamp)
 * (a site integration: X-Site-Token and H(site_token + secret_key + timestamp)), and X-Signature over
 * timestamp, method, path and body, which accounts that require signed bodies need.
 */
export async function send(options: ClientOptions | SiteClientOptions, request: SendOptions): Promise<RawResponse> {
  const [keyHeader, key] = callerKey(options);
  const timestamp = unixSeconds();
  const query = Object.entries(request.query ?? {}).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined,
  );
  const search = new URLSearchParams(query.map(([k, v]) => [k, String(v)]));
  const target = query.length ? `${request.path}?${search}` : request.path;
  const body = request.method === "POST" ? JSON.stringify(request.body ?? {}) : undefined;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    [keyHeader]: key,
    "x-timestamp": String(timestamp),
    "x-hash": contractHash(key, options.secretKey, ...(request.hashMiddle ?? []), timestamp),
    "x-signature": signatureHeader(
      options.secretKey,
      timestamp,
      requestSigningInput(timestamp, request.method, target, body ?? ""),
    ),
    ...(request.idempotencyKey ? { "idempotency-key": request.idempotencyKey } : {}),
    ...request.headers,
  };
  const url = `${options.baseUrl.replace(/\/+$/, "")}${target}`;
  const response = await (options.fetch ?? fetch)(url, { method: request.method, headers, body });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // A proxy's HTML error page, for instance: the status still tells what happened.
  }
  const raw = {
    method: request.method,
    path: request.path,
    status: response.status,
    headers: response.headers,
    text,
    body: parsed,
  };
  await options.onResponse?.(raw);
  return raw;
}

export function toResult<T>(raw: RawResponse): ApiResult<T> {
  const requestId = raw.headers.get("x-request-id");
  if (raw.status === 200 && (raw.body as { success?: unknown } | null)?.success === true)
    return { ok: true, status: raw.status, data: raw.body as T, requestId };
  const error =
    raw.body && typeof raw.body === "object"
      ? (raw.body as ErrorBody)
      : { success: false as const, message: raw.text.slice(0, 200) };
  return { ok: false, status: raw.status, error, requestId };
}
