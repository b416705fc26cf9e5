import { contractHash } from "@/lib/base/crypto/contract-hash";
import { decryptSecret } from "@/lib/base/crypto/secret-box";

/**
 * A signed call with a fresh hash (valid for five minutes, the API's timestamp window), as a command to paste or
 * to pipe into `sh`: the demo's first request, from the dev server's welcome and from `demo:curl`.
 */
export function signedCurl(
  method: "GET" | "POST",
  url: string,
  keys: { apiKey: string; secretKeyEnc: string },
  now = new Date(),
): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  const hash = contractHash(keys.apiKey, decryptSecret(keys.secretKeyEnc), timestamp);
  return [
    `curl -s -X ${method} ${url}`,
    `-H 'Content-Type: application/json'`,
    `-H 'X-Api-Key: ${keys.apiKey}'`,
    `-H 'X-Timestamp: ${timestamp}'`,
    `-H 'X-Hash: ${hash}'`,
  ].join(" \\\n  ");
}

/** The two demo calls: the provider's welcome and the dealer's E-IBAN list. */
const DEMO_CALLS = {
  provider: { method: "POST", path: "/api/provider/welcome" },
  dealer: { method: "GET", path: "/api/dealer/eibans" },
} as const;

export type DemoApi = keyof typeof DEMO_CALLS;

/** The demo call of `api` on the service at `origin`, signed now with `keys`. */
export function demoCurl(api: DemoApi, origin: string, keys: { apiKey: string; secretKeyEnc: string }): string {
  const call = DEMO_CALLS[api];
  return signedCurl(call.method, `${origin.replace(/\/+$/, "")}${call.path}`, keys);
}
