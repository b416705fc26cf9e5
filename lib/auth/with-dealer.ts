import type { z } from "zod";
import { findDealerByApiKey, type AuthenticatedDealer } from "@/lib/dealers/find-dealer-by-api-key";
import { readJsonBody } from "@/lib/http/read-json-body";
import { validate } from "@/lib/http/validate";
import { withApiErrors, type RequestContext } from "@/lib/http/with-api-errors";
import { noteApiCaller } from "@/lib/observability/request-context";
import { enforceApiRateLimit } from "@/lib/ops/enforce-api-rate-limit";
import { verifySignedRequest } from "./signed-request";

type DealerContext<B> = RequestContext & { req: Request; dealer: AuthenticatedDealer; input: B };

export function authenticateDealer(headers: Headers): Promise<AuthenticatedDealer> {
  return verifySignedRequest(headers, {
    label: "Dealer",
    extraHeaders: [],
    hashMiddle: () => [],
    findAccount: findDealerByApiKey,
    emptyWhitelistAllowsAll: true,
  });
}

/**
 * Route wrapper for every dealer endpoint: X-Hash = H(api_key + secret_key + timestamp) (dealer-api.md),
 * then the body (POST) or the query string (GET) validated with the endpoint's schema.
 */
export function withDealer<Schema extends z.ZodType>(options: { input: Schema }, handler: (ctx: DealerContext<z.infer<Schema>>) => Promise<Response>) {
  return withApiErrors(async (req, requestContext) => {
    const dealer = await authenticateDealer(req.headers);
    noteApiCaller(`dealer:${dealer.id}`);
    await enforceApiRateLimit(`dealer:${dealer.id}`, dealer.rateLimitPerMinute);
    const raw = req.method === "GET" ? Object.fromEntries(new URL(req.url).searchParams) : await readJsonBody(req);
    const input = validate(options.input, raw);
    return handler({ ...requestContext, req, dealer, input });
  });
}
