import type { z } from "zod";
import type { SiteScope } from "@/lib/domain/schemas/site-scopes";

/**
 * How a request is signed (its caller kind and hash formula): which headers it carries and what goes between secret_key
 * and timestamp in X-Hash.
 */
export type Signature = "timestamp" | "verification-key" | "credential-key" | "dealer";

/** The three provider formulas of provider-api.md "Authentication" step 4. */
export type ProviderSignature = Exclude<Signature, "dealer">;

/** The value between secret_key and timestamp in X-Hash, per signing kind (provider-api.md Authentication §4). */
export const HASH_FORMULAS: Record<Signature, string> = {
  timestamp: "H(api_key + secret_key + timestamp)",
  "verification-key": "H(api_key + secret_key + key + timestamp), key = the value of X-Key",
  "credential-key":
    "H(api_key + secret_key + credential_key + timestamp), credential_key = the value of X-Credential-Key",
  dealer:
    "H(api_key + secret_key + timestamp); with X-Site-Token instead of X-Api-Key, H(site_token + secret_key + " +
    "timestamp) with the site integration's secret key",
};

/** The header whose value goes between secret_key and timestamp in X-Hash (provider-api.md Authentication §4). */
export const HASHED_HEADER = {
  timestamp: null,
  "verification-key": "x-key",
  "credential-key": "x-credential-key",
  dealer: null,
} as const satisfies Record<Signature, string | null>;

type Link = {
  operationId: string;
  description: string;
  parameters?: Record<string, string>;
  requestBody?: Record<string, string>;
};

/**
 * Everything about one endpoint, once: the route wrapper authenticates, validates and makes it idempotent
 * from it, the OpenAPI document describes it from it, and the SDK calls it from it.
 */
export type Contract = {
  // Its operationId is its key in CONTRACTS.
  readonly method: "get" | "post";
  readonly path: string;
  readonly signature: Signature;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  /** POST body schema; a POST without one takes an empty body (or {}). */
  readonly body?: z.ZodType;
  /** GET query schema; a dealer GET without one takes no query. */
  readonly query?: z.ZodType;
  readonly response: z.ZodType;
  /** Statuses beyond those every endpoint of its kind can answer (see build-openapi-document). */
  readonly extraErrors?: readonly number[];
  /** Takes an Idempotency-Key: the wrapper stores and replays the answer (decisions §8). */
  readonly idempotent?: boolean;
  /** Dealer E-IBAN endpoints answer business errors as {success:false, error_code, message}. */
  readonly codedErrors?: boolean;
  /** Dealer endpoints that send money away: refused without an IP whitelist (decisions). */
  readonly movesMoney?: boolean;
  /** The site-integration scope a dealer endpoint needs (X-Site-Token); null: not open to site integrations. */
  readonly scope?: SiteScope | null;
  /** OpenAPI links from the success response to the operations that follow it (create -> status). */
  readonly links?: Record<string, Link>;
};

export type ProviderContract = Contract & { readonly signature: ProviderSignature };
/** A dealer endpoint says which scope opens it to site integrations, or null for none (the API key only). */
export type DealerContract = Contract & { readonly signature: "dealer"; readonly scope: SiteScope | null };

/** The request's validated body (POST) or query (GET), as the handler receives it. */
export type InputOf<C extends Contract> = C extends { body: infer S extends z.ZodType }
  ? z.output<S>
  : C extends { query: infer S extends z.ZodType }
    ? z.output<S>
    : undefined;
