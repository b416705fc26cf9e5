import type { z } from "zod";
import { secretsEqual } from "@/lib/crypto/hash";
import { ApiError } from "@/lib/http/api-error";
import { parseJsonBody, readBodyText } from "@/lib/http/read-body";
import { validate } from "@/lib/http/validate";
import { withApiErrors, type RequestContext } from "@/lib/http/with-api-errors";
import type { AuthenticatedProvider } from "@/lib/providers/find-provider-by-api-key";
import { findProviderContext, type SiteContext } from "@/lib/providers/find-provider-context";
import { assertProviderSite, type ProviderSite } from "@/lib/sites/find-provider-site";
import { noteApiCaller } from "@/lib/observability/request-context";
import { enforceApiRateLimit } from "@/lib/ops/enforce-api-rate-limit";
import { checkAmountLimit } from "./amount-limit";
import { checkBodySignature } from "./body-signature";
import { verifySignedRequest } from "./signed-request";

/** The three hash formulas of provider-api.md "Authentication" step 4. */
export type ProviderSignature = "timestamp" | "verification-key" | "credential-key";

const SIGNATURES: Record<ProviderSignature, { extraHeaders: string[]; hashMiddle: (h: Headers) => string[] }> = {
  timestamp: { extraHeaders: [], hashMiddle: () => [] },
  "verification-key": { extraHeaders: ["x-key"], hashMiddle: (h) => [h.get("x-key")!.trim()] },
  "credential-key": { extraHeaders: ["x-credential-key"], hashMiddle: (h) => [h.get("x-credential-key")!.trim()] },
};

type ProviderContext<S extends ProviderSignature, B> = RequestContext & {
  req: Request;
  provider: AuthenticatedProvider;
  site: S extends "credential-key" ? ProviderSite : null;
  body: B;
};

/** The signed provider and, for credential-key endpoints, the site its header names (not yet checked). */
export async function authenticateProvider(headers: Headers, signature: ProviderSignature): Promise<{ provider: AuthenticatedProvider; site: SiteContext | null }> {
  const rules = SIGNATURES[signature];
  const credentialKey = signature === "credential-key" ? (headers.get("x-credential-key")?.trim() ?? null) : null;
  let site: SiteContext | null = null;
  const provider = await verifySignedRequest(headers, {
    label: "Provider",
    extraHeaders: rules.extraHeaders,
    hashMiddle: rules.hashMiddle,
    // One statement: the account, its secrets and limits, and the site and dealer behind the credential key.
    findAccount: async (apiKey) => {
      const context = await findProviderContext(apiKey, credentialKey || null);
      site = context?.site ?? null;
      return context?.provider ?? null;
    },
    emptyWhitelistAllowsAll: false,
  });
  return { provider, site };
}

/**
 * Route wrapper for every provider endpoint: signature, ownership, the optional X-Signature over the body,
 * body validation, the provider's maximum per transaction, error mapping.
 */
export function withProvider<S extends ProviderSignature, Schema extends z.ZodType | undefined = undefined>(
  options: { signature: S; body?: Schema },
  handler: (ctx: ProviderContext<S, Schema extends z.ZodType ? z.infer<Schema> : undefined>) => Promise<Response>,
) {
  return withApiErrors(async (req, requestContext) => {
    const { provider, site: named } = await authenticateProvider(req.headers, options.signature);
    noteApiCaller(`provider:${provider.id}`);
    await enforceApiRateLimit(`provider:${provider.id}`, provider.rateLimitPerMinute);
    if (options.signature === "verification-key" && !secretsEqual(req.headers.get("x-key")!.trim(), provider.verificationKey)) {
      throw ApiError.access(401, "Invalid verification key", "X-Key does not match the provider's verification key.");
    }
    const site = options.signature === "credential-key" ? assertProviderSite(provider.id, named) : null;
    const text = req.method === "GET" ? "" : await readBodyText(req);
    checkBodySignature(provider, req, text);
    const body = options.body ? validate(options.body, parseJsonBody(text)) : validateEmpty(parseJsonBody(text));
    checkAmountLimit(body, provider.maxTransactionAmount);
    return handler({ ...requestContext, req, provider, site, body } as ProviderContext<S, Schema extends z.ZodType ? z.infer<Schema> : undefined>);
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
