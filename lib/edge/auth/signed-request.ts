import { settings } from "@/lib/base/config/settings";
import type { SignedAccount } from "@/lib/domain/accounts/signed-account";
import { hexDigestsEqual } from "@/lib/base/crypto/hash";
import { ApiError } from "@/lib/edge/http/api-error";
import { clientIp } from "@/lib/base/net/client-ip";
import { buildIpMatcher } from "@/lib/base/ip/ip-list";
import { contractHash } from "@/lib/base/crypto/contract-hash";
import { timePhase } from "@/lib/base/observability/request-phases";

export type { SignedAccount } from "@/lib/domain/accounts/signed-account";

export type SignedRequestRules<A extends SignedAccount> = {
  label: "Provider" | "Dealer";
  /**
   * The header naming the caller: X-Api-Key (the default), or X-Site-Token for a dealer's site integration,
   * with the 401 answered when no caller has that value.
   */
  key?: { header: "x-api-key" | "x-site-token"; unknown: { error: string; message: string } };
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
  /** 403 after the hash when the caller may not act; by default the account's active flag. */
  refuseInactive?: (account: A) => ApiError | null;
};

const API_KEY = {
  header: "x-api-key",
  unknown: { error: "Invalid API key", message: "No account matches the X-Api-Key header." },
} as const;

function checkHeaders(headers: Headers, keyHeader: string, extra: string[]): void {
  const missing = [keyHeader, "x-hash", "x-timestamp", ...extra].filter((name) => !headers.get(name)?.trim());
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
    throw ApiError.access(
      401,
      "Request timestamp expired",
      "X-Timestamp must be within 300 seconds of the server time.",
    );
  }
}

/** The variable names a header's value goes by in the documents' formulas. */
const FORMULA_NAMES: Record<string, string> = {
  "x-api-key": "api_key",
  "x-site-token": "site_token",
  "x-key": "key",
  "x-credential-key": "credential_key",
};

/**
 * The endpoint's formula by name ("H(api_key + secret_key + credential_key + timestamp)"), never its values:
 * the contract fixes the error text ("Invalid hash"); the message is a human sentence and may name it.
 */
export function hashFormulaName(keyHeader: string, extraHeaders: string[]): string {
  const name = (header: string) => FORMULA_NAMES[header] ?? header;
  return `H(${[name(keyHeader), "secret_key", ...extraHeaders.map(name), "timestamp"].join(" + ")})`;
}

function checkHash(
  account: SignedAccount,
  headers: Headers,
  middle: string[],
  timestamp: string,
  formula: string,
): void {
  const given = headers.get("x-hash")!.trim();
  const ok = account.secrets.some((secret) =>
    hexDigestsEqual(contractHash(account.apiKey, secret, ...middle, timestamp), given),
  );
  if (!ok)
    throw ApiError.access(
      401,
      "Invalid hash",
      `X-Hash does not match the hash formula of this endpoint: ${formula}, SHA-256 in lowercase hex.`,
    );
}

function checkIp<A extends SignedAccount>(account: A, headers: Headers, rules: SignedRequestRules<A>): void {
  if (account.ipWhitelist.length === 0 && rules.emptyWhitelistAllowsAll) return;
  const ip = clientIp(headers);
  if (ip && buildIpMatcher(account.ipWhitelist)(ip)) return;
  throw ApiError.access(
    403,
    "IP address not allowed",
    `Requests from ${ip ?? "an unknown address"} are not allowed for this account.`,
  );
}

function inactiveAccount<A extends SignedAccount>(account: A, rules: SignedRequestRules<A>): ApiError | null {
  if (account.isActive) return null;
  return ApiError.access(
    403,
    `${rules.label} account is inactive`,
    `This ${rules.label.toLowerCase()} account has been deactivated.`,
  );
}

/**
 * provider-api.md "Authentication" and decisions §3, in the decided order: headers, API key (or site
 * token), timestamp, hash, active flag, IP whitelist. Ownership checks (X-Key, credential key) follow in
 * the callers.
 */
export async function verifySignedRequest<A extends SignedAccount>(
  headers: Headers,
  rules: SignedRequestRules<A>,
): Promise<A> {
  const key = rules.key ?? API_KEY;
  checkHeaders(headers, key.header, rules.extraHeaders);
  const account = await rules.findAccount(headers.get(key.header)!.trim());
  if (!account) throw ApiError.access(401, key.unknown.error, key.unknown.message);
  const timestamp = headers.get("x-timestamp")!.trim();
  checkTimestamp(timestamp);
  timePhase("auth hash", () =>
    checkHash(account, headers, rules.hashMiddle(headers), timestamp, hashFormulaName(key.header, rules.extraHeaders)),
  );
  const inactive = (rules.refuseInactive ?? ((a: A) => inactiveAccount(a, rules)))(account);
  if (inactive) throw inactive;
  checkIp(account, headers, rules);
  return account;
}
