import { ACCOUNT_KINDS } from "@/lib/domain/accounts/account-kinds";
import type { AuthenticatedDealer, SiteIntegrationCaller } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { ApiError } from "@/lib/edge/http/api-error";
import {
  findSiteIntegrationByToken,
  noteSiteIntegrationUse,
} from "@/lib/domain/site-integrations/find-site-integration-by-token";
import { scopeOfEndpoint } from "@/lib/api/contracts";
import { verifySignedRequest } from "./signed-request";

const SITE_TOKEN = {
  header: "x-site-token",
  unknown: {
    error: "Invalid site token",
    message:
      "No site integration matches the X-Site-Token header (a revoked integration's token stops working at once).",
  },
} as const;

function refuseInactive(caller: AuthenticatedDealer): ApiError | null {
  const integration = caller.siteIntegration!;
  if (!integration.isActive)
    return ApiError.access(
      403,
      "Site integration is inactive",
      "This site integration has been deactivated; the dealer's staff can activate it again in the console.",
    );
  if (!integration.dealerActive)
    return ApiError.access(403, "Dealer account is inactive", "This dealer account has been deactivated.");
  return null;
}

/**
 * Requests from a browser carry Origin. The secret key belongs on the website's server, so a browser request
 * is accepted only from the integration's own origins; server-to-server requests carry none.
 */
function checkOrigin(integration: SiteIntegrationCaller, headers: Headers): void {
  const origin = headers.get("origin")?.trim();
  if (!origin) return;
  if (integration.allowedOrigins.some((allowed) => allowed.toLowerCase() === origin.toLowerCase())) return;
  throw ApiError.access(
    403,
    "Origin not allowed",
    `Requests from the origin ${origin.slice(0, 200)} are not allowed for this site integration.`,
  );
}

/**
 * A dealer request signed with a site integration: X-Site-Token, X-Timestamp and X-Hash = H(site_token +
 * secret_key + timestamp), checked in the account key's order (headers, token, timestamp, hash, active
 * flags, the integration's IP whitelist), then the browser Origin. The integration's scopes are checked by
 * withDealer after the rate limit (requireScope).
 */
export async function authenticateSiteIntegration(headers: Headers): Promise<AuthenticatedDealer> {
  const caller = await verifySignedRequest(headers, {
    label: ACCOUNT_KINDS.dealer.label,
    key: SITE_TOKEN,
    extraHeaders: [],
    hashMiddle: () => [],
    findAccount: findSiteIntegrationByToken,
    emptyWhitelistAllowsAll: ACCOUNT_KINDS.dealer.emptyWhitelistAllowsAll,
    refuseInactive,
  });
  checkOrigin(caller.siteIntegration!, headers);
  await noteSiteIntegrationUse(caller.siteIntegration!);
  return caller;
}

/** 403 naming the scope when the integration may not call this endpoint. */
export function requireScope(integration: SiteIntegrationCaller, req: Request): void {
  const endpoint = `${req.method} ${new URL(req.url).pathname}`;
  const scope = scopeOfEndpoint(req.method, new URL(req.url).pathname);
  if (scope && integration.scopes.includes(scope)) return;
  const has = integration.scopes.length ? integration.scopes.join(", ") : "none";
  throw ApiError.access(
    403,
    "Scope not allowed",
    scope
      ? `This site integration may not call ${endpoint}: it needs the scope ${scope} (it has ${has}). The dealer's ` +
          `staff can add the scope in the console.`
      : `${endpoint} is not open to site integrations.`,
  );
}
