import { ACCOUNT_KINDS } from "@/lib/domain/accounts/account-kinds";
import type { z } from "zod";
import { findDealerByApiKey, type AuthenticatedDealer } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { ApiError } from "@/lib/edge/http/api-error";
import { parseJsonBody, readJsonBodyText } from "@/lib/edge/http/read-body";
import { validate } from "@/lib/domain/schemas/validate";
import { withApiErrors, type RequestContext } from "@/lib/edge/http/with-api-errors";
import { noteApiCaller } from "@/lib/base/observability/request-context";
import { enforceApiRateLimit } from "@/lib/edge/http/enforce-api-rate-limit";
import { checkAmountLimit } from "@/lib/domain/accounts/amount-limit";
import { noInputSchema } from "@/lib/api/schemas/dealer-api";
import { withIdempotency } from "@/lib/edge/http/with-idempotency";
import { checkBodySignature } from "./body-signature";
import { verifySignedRequest } from "./signed-request";
import { authenticateSiteIntegration, requireScope } from "./site-integration-auth";

type DealerContext<B> = RequestContext & { req: Request; dealer: AuthenticatedDealer; input: B };

/**
 * The dealer's API key (X-Api-Key) or one of its site integrations (X-Site-Token), never both: a request
 * that names two callers is refused rather than one of them being picked.
 */
export async function authenticateDealer(headers: Headers): Promise<AuthenticatedDealer> {
  if (headers.get("x-site-token")?.trim()) {
    if (headers.get("x-api-key")?.trim()) {
      throw ApiError.access(
        401,
        "Ambiguous credentials",
        "Send either X-Api-Key (the dealer's API key) or X-Site-Token (a site integration's token), not both.",
      );
    }
    return authenticateSiteIntegration(headers);
  }
  return verifySignedRequest(headers, {
    label: ACCOUNT_KINDS.dealer.label,
    extraHeaders: [],
    hashMiddle: () => [],
    findAccount: findDealerByApiKey,
    emptyWhitelistAllowsAll: ACCOUNT_KINDS.dealer.emptyWhitelistAllowsAll,
  });
}

/**
 * The contract's X-Hash covers neither method, path nor body, so a dealer's captured headers are valid for
 * any dealer request for five minutes. Endpoints that send money away therefore need the dealer's IP
 * whitelist (docs/decisions.md), even though an empty one otherwise means no restriction.
 */
function requireWhitelistToMoveMoney(dealer: AuthenticatedDealer): void {
  if (dealer.ipWhitelist.length > 0) return;
  throw ApiError.access(
    403,
    "IP address not allowed",
    dealer.siteIntegration
      ? "This site integration has no IP whitelist, and send-money and manual-iban/withdraw are refused without " +
          "one. The dealer's staff add the website's server addresses to the integration in the console: Dealers > " +
          "your dealer > Site integrations."
      : "This dealer has no IP whitelist, and send-money and manual-iban/withdraw are refused without one. An " +
          "administrator adds your servers' addresses in the console: Dealers > your dealer > IP whitelist.",
  );
}

/** What the wrapper reads from a dealer endpoint's contract. */
export type DealerEndpoint = {
  readonly signature: "dealer";
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly movesMoney?: boolean;
  readonly idempotent?: boolean;
};

type InputOf<E extends DealerEndpoint> = E extends { body: infer S extends z.ZodType }
  ? z.infer<S>
  : E extends { query: infer S extends z.ZodType }
    ? z.infer<S>
    : Record<string, never>;

/**
 * Route wrapper for every dealer endpoint, from its contract: X-Hash = H(api_key + secret_key + timestamp)
 * (dealer-api.md), or H(site_token + secret_key + timestamp) for a site integration, which must also have the
 * endpoint's scope; the optional X-Signature over the body, then the body (POST) or the query string (GET)
 * validated with the contract's schema (none: no input) and the dealer's maximum per transaction, then the
 * Idempotency-Key (contracts marked idempotent). `movesMoney` endpoints need an IP whitelist (the caller's:
 * the dealer's for the API key, the integration's own for a site token).
 */
export function withDealer<E extends DealerEndpoint>(
  contract: E,
  handler: (ctx: DealerContext<InputOf<E>>) => Promise<Response>,
) {
  const schema = contract.body ?? contract.query ?? noInputSchema;
  return withApiErrors(async (req, requestContext) => {
    const dealer = await authenticateDealer(req.headers);
    noteApiCaller(dealer.callerId);
    await enforceApiRateLimit(dealer.callerId, dealer.rateLimitPerMinute, requestContext.responseHeaders);
    if (dealer.siteIntegration) requireScope(dealer.siteIntegration, req);
    if (contract.movesMoney) requireWhitelistToMoveMoney(dealer);
    const text = req.method === "GET" ? "" : await readJsonBodyText(req);
    checkBodySignature(dealer, req, text);
    const raw = req.method === "GET" ? Object.fromEntries(new URL(req.url).searchParams) : parseJsonBody(text);
    const input = validate(schema, raw) as InputOf<E>;
    checkAmountLimit(input, dealer.maxTransactionAmount);
    const run = () => handler({ ...requestContext, req, dealer, input });
    return contract.idempotent ? withIdempotency(req, dealer.callerId, input, run) : run();
  });
}
