import { contractHash } from "@/lib/base/crypto/contract-hash";
import { httpRequest } from "./http";

export type Credentials = { apiKey: string; secretKey: string };
export type SiteCredentials = { siteToken: string; secretKey: string };

/**
 * A request signed like an integrator would: X-Api-Key, X-Timestamp and X-Hash = H(api_key + secret_key +
 * middle + timestamp), plus any extra headers (X-Key, X-Credential-Key); with a site integration's
 * credentials X-Site-Token and H(site_token + secret_key + timestamp). Overrides let tests break one part.
 */
export function signedRequest(
  baseUrl: string,
  path: string,
  creds: Credentials | SiteCredentials,
  options: {
    method?: string;
    middle?: string[];
    headers?: Record<string, string>;
    body?: unknown;
    rawBody?: string;
    timestamp?: number | string;
    hash?: string;
    omit?: string[];
    localAddress?: string;
    checkResponse?: boolean;
  } = {},
) {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const [keyHeader, key] = "siteToken" in creds ? ["x-site-token", creds.siteToken] : ["x-api-key", creds.apiKey];
  const hash = options.hash ?? contractHash(key, creds.secretKey, ...(options.middle ?? []), timestamp);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    [keyHeader]: key,
    "x-timestamp": timestamp,
    "x-hash": hash,
    ...options.headers,
  };
  for (const name of options.omit ?? []) delete headers[name];
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return httpRequest({
    url: baseUrl + path,
    method: options.method ?? "POST",
    headers,
    body,
    localAddress: options.localAddress,
    checkResponse: options.checkResponse,
  });
}
