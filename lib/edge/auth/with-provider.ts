import { ACCOUNT_KINDS } from "@/lib/domain/accounts/account-kinds";
import type { z } from "zod";
import { secretsEqual } from "@/lib/base/crypto/hash";
import { ApiError } from "@/lib/edge/http/api-error";
import { parseJsonBody, readJsonBodyText } from "@/lib/edge/http/read-body";
import { validate } from "@/lib/domain/schemas/validate";
import { withApiErrors, type RequestContext } from "@/lib/edge/http/with-api-errors";
import type { AuthenticatedProvider } from "@/lib/domain/providers/find-provider-by-api-key";
import { findProviderContext, type SiteContext } from "@/lib/domain/providers/find-provider-context";
import { assertProviderSite, type ProviderSite } from "@/lib/domain/sites/find-provider-site";
import { noteApiCaller } from "@/lib/base/observability/request-context";
import { timePhase } from "@/lib/base/observability/request-phases";
import { enforceApiRateLimit } from "@/lib/edge/http/enforce-api-rate-limit";
import { checkAmountLimit } from "@/lib/domain/accounts/amount-limit";
import { HASHED_HEADER, type ProviderSignature } from "@/lib/api/contracts";
import { withIdempotency } from "@/lib/edge/http/with-idempotency";
import { checkBodySignature } from "./body-signature";
import { verifySignedRequest } from "./signed-request";

export type { ProviderSignature } from "@/lib/api/contracts";

type ProviderContext<S extends ProviderSignature, B> = RequestContext & {
  req: Request;
  provider: AuthenticatedProvider;
  site: S extends "credential-key" ? ProviderSite : null;
  body: B;
};

/** The signed provider and, for credential-key endpoints, the site its header names (not yet checked). */
export async function authenticateProvider(
  headers: Headers,
  signature: ProviderSignature,
): Promise<{ provider: AuthenticatedProvider; site: SiteContext | null }> {
  const hashed = HASHED_HEADER[signature];
  const credentialKey = signature === "credential-key" ? (headers.get("x-credential-key")?.trim() ?? null) : null;
  let site: SiteContext | null = null;
  const provider = await verifySignedRequest(headers, {
    label: ACCOUNT_KINDS.provider.label,
    extraHeaders: hashed ? [hashed] : [],
    hashMiddle: (h) => (hashed ? [h.get(hashed)!.trim()] : []),
    // One statement: the account, its secrets and limits, and the site and dealer behind the credential key.
    findAccount: async (apiKey) => {
      const context = await findProviderContext(apiKey, credentialKey || null);
      site = context?.site ?? null;
      return context?.provider ?? null;
    },
    emptyWhitelistAllowsAll: ACCOUNT_KINDS.provider.emptyWhitelistAllowsAll,
  });
  return { provider, site };
}

/** What the wrapper reads from an endpoint's contract: its hash formula, body schema and idempotency. */
export type ProviderEndpoint = {
  readonly signature: ProviderSignature;
  readonly body?: z.ZodType;
  readonly idempotent?: boolean;
};

type BodyOf<E extends ProviderEndpoint> = E extends { body: infer S extends z.ZodType } ? z.infer<S> : undefined;

/**
 * Route wrapper for every provider endpoint, from its contract: signature, ownership, the optional
 * X-Signature over the body, body validation, the provider's maximum per transaction, the Idempotency-Key
 * (contracts marked idempotent), error mapping.
 */
export function withProvider<E extends ProviderEndpoint>(
  contract: E,
  handler: (ctx: ProviderContext<E["signature"], BodyOf<E>>) => Promise<Response>,
) {
  return withApiErrors(async (req, requestContext) => {
    const { provider, site: named } = await authenticateProvider(req.headers, contract.signature);
    noteApiCaller(`provider:${provider.id}`);
    await timePhase("rate limit", () =>
      enforceApiRateLimit(`provider:${provider.id}`, provider.rateLimitPerMinute, requestContext.responseHeaders),
    );
    if (
      contract.signature === "verification-key" &&
      !secretsEqual(req.headers.get("x-key")!.trim(), provider.verificationKey)
    ) {
      throw ApiError.access(401, "Invalid verification key", "X-Key does not match the provider's verification key.");
    }
    const site = contract.signature === "credential-key" ? assertProviderSite(provider.id, named) : null;
    const text = req.method === "GET" ? "" : await timePhase("body", () => readJsonBodyText(req));
    checkBodySignature(provider, req, text);
    const parsed = timePhase("body", () => parseJsonBody(text));
    const body = timePhase("validation", () => {
      const valid = contract.body ? validate(contract.body, parsed) : validateEmpty(parsed);
      checkAmountLimit(valid, provider.maxTransactionAmount);
      return valid;
    });
    const run = () =>
      handler({ ...requestContext, req, provider, site, body } as ProviderContext<E["signature"], BodyOf<E>>);
    return contract.idempotent ? withIdempotency(req, `provider:${provider.id}`, body, run) : run();
  });
}

function validateEmpty(raw: unknown): undefined {
  if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) {
    const keys = Object.keys(raw);
    if (keys.length === 0) return undefined;
    throw ApiError.validation(keys.map((key) => `Unknown field: ${key}`));
  }
  throw ApiError.validation(["The request body must be empty or a JSON object."]);
}
