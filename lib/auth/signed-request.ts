import { settings } from "@/lib/config/settings";
import { contractHash, hexDigestsEqual } from "@/lib/crypto/hash";
import { ApiError } from "@/lib/http/api-error";
import { clientIp } from "@/lib/net/client-ip";
import { buildIpMatcher } from "@/lib/net/ip-list";

/** What the verifier needs of a provider or dealer account. */
export type SignedAccount = {
  apiKey: string;
  /** Current secret first; during a rotation's grace period the previous one follows. */
  secrets: string[];
  isActive: boolean;
  ipWhitelist: string[];
  /** Console switch: every request must carry a valid X-Signature. */
  requireSignedBodies: boolean;
  /** Largest amount of one create, two decimals. */
  maxTransactionAmount: string;
};

export type SignedRequestRules<A extends SignedAccount> = {
  label: "Provider" | "Dealer";
  /** Headers the endpoint needs besides X-Api-Key, X-Hash and X-Timestamp (X-Key, X-Credential-Key). */
  extraHeaders: string[];
  /** Values between secret_key and timestamp in the hash, from the request's headers. */
  hashMiddle: (headers: Headers) => string[];
  findAccount: (apiKey: string) => Promise<A | null>;
  /**
   * An empty whitelist refuses every IP for providers; dealers without one are not IP-restricted, except on
   * the endpoints that move money (withDealer's `movesMoney`).
   */
  emptyWhitelistAllowsAll: boolean;
};

const BASE_HEADERS = ["x-api-key", "x-hash", "x-timestamp"];

function checkHeaders(headers: Headers, extra: string[]): void {
  const missing = [...BASE_HEADERS, ...extra].filter((name) => !headers.get(name)?.trim());
  if (missing.length === 0) return;
  const names = missing.map((n) => n.replace(/(^|-)(\w)/g, (_m, dash: string, c: string) => dash + c.toUpperCase()));
  throw ApiError.access(401, "Missing required headers", `Missing header(s): ${names.join(", ")}.`);
}

function checkTimestamp(raw: string): void {
  if (!/^\d{1,12}$/.test(raw)) {
    throw ApiError.access(401, "Invalid timestamp", "X-Timestamp must be a Unix time in whole seconds.");
  }
  const skew = Math.abs(Math.floor(Date.now() / 1000) - Number(raw));
  if (skew > settings.timestampToleranceSeconds) {
    throw ApiError.access(401, "Request timestamp expired", "X-Timestamp must be within 300 seconds of the server time.");
  }
}

function checkHash(account: SignedAccount, headers: Headers, middle: string[], timestamp: string): void {
  const given = headers.get("x-hash")!.trim();
  const ok = account.secrets.some((secret) => hexDigestsEqual(contractHash(account.apiKey, secret, ...middle, timestamp), given));
  if (!ok) throw ApiError.access(401, "Invalid hash", "X-Hash does not match the hash formula of this endpoint.");
}

function checkIp<A extends SignedAccount>(account: A, headers: Headers, rules: SignedRequestRules<A>): void {
  if (account.ipWhitelist.length === 0 && rules.emptyWhitelistAllowsAll) return;
  const ip = clientIp(headers);
  if (ip && buildIpMatcher(account.ipWhitelist)(ip)) return;
  throw ApiError.access(403, "IP address not allowed", `Requests from ${ip ?? "an unknown address"} are not allowed for this account.`);
}

/**
 * provider-api.md "Authentication" and decisions §3, in the decided order: headers, API key, timestamp,
 * hash, active flag, IP whitelist. Ownership checks (X-Key, credential key) follow in the callers.
 */
export async function verifySignedRequest<A extends SignedAccount>(headers: Headers, rules: SignedRequestRules<A>): Promise<A> {
  checkHeaders(headers, rules.extraHeaders);
  const account = await rules.findAccount(headers.get("x-api-key")!.trim());
  if (!account) throw ApiError.access(401, "Invalid API key", "No account matches the X-Api-Key header.");
  const timestamp = headers.get("x-timestamp")!.trim();
  checkTimestamp(timestamp);
  checkHash(account, headers, rules.hashMiddle(headers), timestamp);
  if (!account.isActive) {
    throw ApiError.access(403, `${rules.label} account is inactive`, `This ${rules.label.toLowerCase()} account has been deactivated.`);
  }
  checkIp(account, headers, rules);
  return account;
}
