import { settings } from "@/lib/base/config/settings";
import { buildIpMatcher, normalizeIp } from "@/lib/base/ip/ip-list";

/**
 * Set by scripts/server.ts from the TCP socket on every request, overwriting anything a client sent.
 * Next's own request object does not expose the peer address.
 */
export const PEER_ADDRESS_HEADER = "x-pis-peer-address";

/**
 * Set by scripts/server.ts to the request-target exactly as the request line gave it (path and query, escapes as
 * written), overwriting anything a client sent: a signature over the query covers what the client sent, which
 * Next's URL (parsed and written again) may not spell the same way.
 */
export const REQUEST_TARGET_HEADER = "x-pis-request-target";

let cachedProxies: { raw: string; matches: (ip: string) => boolean } | undefined;

function isTrustedProxy(ip: string): boolean {
  const raw = settings.trustedProxies.join(",");
  if (cachedProxies?.raw !== raw) cachedProxies = { raw, matches: buildIpMatcher(settings.trustedProxies) };
  return cachedProxies.matches(ip);
}

/**
 * The client IP the whitelist sees: the TCP peer, unless the peer is a trusted proxy, in which case
 * X-Forwarded-For is walked from the right past trusted proxies (Next appends the peer itself), then
 * X-Real-IP is used. Null when unknown.
 */
export function clientIp(headers: Headers): string | null {
  const peer = normalizeIp(headers.get(PEER_ADDRESS_HEADER) ?? "");
  if (!peer || !isTrustedProxy(peer)) return peer;
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const hop = normalizeIp(forwarded[i]!);
    if (!hop) return peer;
    if (!isTrustedProxy(hop)) return hop;
  }
  return normalizeIp(headers.get("x-real-ip") ?? "") ?? peer;
}
