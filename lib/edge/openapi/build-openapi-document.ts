import {
  codedErrorSchema,
  errorSchema,
  internalErrorSchema,
  unavailableErrorSchema,
  validationErrorSchema,
} from "@/lib/api/schemas/responses/errors";
import { CONTRACT_LIST, type Contract } from "@/lib/api/contracts";
import { SITE_SCOPES } from "@/lib/domain/schemas/site-scopes";
import { jsonSchemaOf, queryParameters, type JsonSchema } from "./json-schema";
import { CALLBACK_HEADERS, signingHeaders } from "./signing-headers";
import { WEBHOOKS } from "./webhooks";

/** An endpoint's contract with its operationId. */
type Operation = Contract & { id: string };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** Response headers the service sends, declared once and referenced from every response that carries them. */
const RESPONSE_HEADERS = {
  "X-Request-Id": {
    description: "This request's id: yours when you sent a valid X-Request-Id, else a new UUID. Quote it to support.",
    schema: { type: "string" },
  },
  "Retry-After": {
    description:
      "Seconds to wait before retrying: until the rate-limit window ends (429), until the first request with this " +
      "Idempotency-Key may have finished (409 Request in progress), or while the database is unavailable (503).",
    schema: { type: "integer", minimum: 0 },
  },
  "Idempotent-Replayed": {
    description:
      "Present on the stored response of an earlier request with the same Idempotency-Key and body, replayed " +
      "instead of running again.",
    schema: { type: "string", enum: ["true"] },
  },
};

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid JSON: the body is not valid JSON.",
  401:
    "Authentication failed: Missing required headers, Invalid API key, Invalid timestamp, Request timestamp " +
    "expired, Invalid hash, Invalid verification key, Invalid credential key, Invalid signature (X-Signature sent " +
    "and not matching) or Signature required (the account requires X-Signature); dealer endpoints also Invalid site " +
    "token (unknown or revoked) and Ambiguous credentials (X-Api-Key and X-Site-Token together).",
  403:
    "Access refused: Provider (Dealer) account is inactive, IP address not allowed (also: send-money and " +
    "manual-iban/withdraw of a dealer, or a site integration, without an IP whitelist), Site is inactive, Payment " +
    "method disabled, or Customer blocked; with X-Site-Token also Site integration is inactive, Origin not allowed, " +
    "and Scope not allowed (the message names the scope the operation needs).",
  404: "Not found: no such record belonging to you.",
  409: "Idempotency-Key reused with another body, or the first request with this key is still running.",
  413: "Payload too large: the body exceeds 64 KiB (counted as it arrives, also without Content-Length).",
  422:
    "Validation failed: one message per violated rule; also an amount above the account's maximum per " +
    "transaction, and a JSON number that would be read rounded.",
  429: "Too many requests: the per-minute limit of your API key is reached; Retry-After says when to retry.",
  500: "Unexpected error; quote request_id to support. Nothing of the failure is disclosed.",
  503:
    "Service unavailable: the database cannot be reached (or the server is shutting down); retry after " +
    "Retry-After seconds.",
};

function errorSchemaFor(status: number, op: Operation): JsonSchema {
  if (status === 500) return ref("InternalError");
  if (status === 503) return ref("Unavailable");
  if (status === 422)
    return op.codedErrors ? { oneOf: [ref("ValidationError"), ref("CodedError")] } : ref("ValidationError");
  if (status === 403 && op.codedErrors) return { oneOf: [ref("Error"), ref("CodedError")] };
  return ref("Error");
}

/** Statuses an operation can answer besides 200: the authentication ones always, body ones for POST. */
export function errorStatuses(op: Operation): number[] {
  const statuses = new Set([401, 403, 429, 500, 503, ...(op.extraErrors ?? [])]);
  if (op.method === "post") [400, 413, 422].forEach((s) => statuses.add(s));
  if (op.query || op.signature === "dealer") statuses.add(422);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Which declared headers a response carries: always the request id; Retry-After on 429, 503 and an idempotent create's
 * 409; replays of stored answers.
 */
function responseHeaders(op: Operation, status: number) {
  const replayable = op.idempotent && status < 500 && status !== 409 && status !== 429;
  const retryAfter = status === 429 || status === 503 || (op.idempotent && status === 409);
  return {
    "X-Request-Id": headerRef("X-Request-Id"),
    ...(retryAfter ? { "Retry-After": headerRef("Retry-After") } : {}),
    ...(replayable ? { "Idempotent-Replayed": headerRef("Idempotent-Replayed") } : {}),
  };
}

/**
 * Dealer operations accept either scheme: the dealer's API key, or a site integration holding the operation's scope.
 */
function siteScopeOf(op: Operation): string | undefined {
  return op.signature === "dealer" ? (op.scope ?? undefined) : undefined;
}

/** A dealer operation no scope opens takes the dealer's API key only; the others either scheme. */
function securityOf(op: Operation) {
  if (op.signature !== "dealer") return {};
  const siteScope = siteScopeOf(op);
  return { security: siteScope ? [{ apiKey: [] }, { siteToken: [siteScope] }] : [{ apiKey: [] }] };
}

function operationObject(op: Operation) {
  const json = (schema: JsonSchema) => ({ "application/json": { schema } });
  const siteScope = siteScopeOf(op);
  const responses: Record<string, unknown> = {
    200: {
      description: "Success",
      headers: responseHeaders(op, 200),
      content: json(jsonSchemaOf(op.response, "output")),
      ...(op.links ? { links: op.links } : {}),
    },
  };
  for (const status of errorStatuses(op))
    responses[status] = {
      description: ERROR_TEXT[status],
      headers: responseHeaders(op, status),
      content: json(errorSchemaFor(status, op)),
    };
  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...securityOf(op),
    parameters: [
      ...signingHeaders(op.signature, Boolean(op.idempotent), siteScope),
      ...(op.query ? queryParameters(op.query) : []),
    ],
    ...(op.method === "post"
      ? {
          requestBody: {
            required: Boolean(op.body),
            content: json(
              op.body
                ? jsonSchemaOf(op.body, "input")
                : { type: "object", maxProperties: 0, description: "Empty body (or {})" },
            ),
          },
        }
      : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of both APIs, generated from the endpoints' contracts, from which the routes are wrapped
 * too.
 */
export function buildOpenApiDocument(options: { serverUrl?: string; version?: string } = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of CONTRACT_LIST) (paths[op.path] ??= {})[op.method] = operationObject(op);
  const webhooks = Object.fromEntries(
    WEBHOOKS.map((hook) => [
      hook.name,
      {
        post: {
          summary: hook.summary,
          description: hook.description,
          tags: ["Callbacks"],
          parameters: CALLBACK_HEADERS,
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchemaOf(hook.body, "output") } },
          },
          responses: {
            200: { description: hook.acknowledge },
            401: {
              description:
                "Your answer when X-Hash does not verify; the service counts it as a failed attempt and retries.",
            },
          },
        },
      },
    ]),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "Payment Integration Service API",
      version: options.version ?? "1.0.0",
      summary:
        "Deposits, withdrawals and card payments for payment providers (/api/provider) and dealers (/api/dealer).",
      description:
        "Every request is JSON with X-Api-Key, X-Timestamp (Unix seconds, ±5 minutes) and X-Hash, the lowercase hex " +
        "SHA-256 of a plain concatenation that depends on the endpoint (see each operation's X-Hash header). The " +
        "integration guide at /docs has worked examples. Paths carry no version segment; changes are additive.\n\n" +
        "The request schemas are exactly what the service accepts: a request they allow is refused only for a " +
        "business reason (422 with its own message or error_code, 403, 404), and one they refuse gets 422. Text is " +
        "at most maxLength characters as sent, its leading and trailing white space is removed, and NUL or unpaired " +
        "surrogate characters are refused (PostgreSQL cannot store them). Amounts have at most two decimals " +
        "(multipleOf 0.01) and at most 9999999999999.99; each account also has a maximum per transaction " +
        "(1000000.00 by default; above it is 422), and a JSON number a reader would round (past 2^53, more digits " +
        "than a double keeps) is 422. Every operation accepts the optional X-Signature header (an HMAC of " +
        "timestamp, method, path and body with the secret key), required for accounts that switch on signed bodies. " +
        "A method a path does not list is answered 405 with an Allow header and the error body " +
        '{success: false, error: "Method not allowed", message}.\n\n' +
        "Dealer operations also accept a site integration (security scheme siteToken): a dealer's website sends " +
        "X-Site-Token instead of X-Api-Key and signs X-Hash = H(site_token + secret_key + timestamp) with the " +
        "integration's own secret key. Each integration holds scopes (" +
        SITE_SCOPES.join(", ") +
        "); each dealer operation names the one it needs in its security requirement (those that list only apiKey " +
        "are not open to site integrations), and a request outside them is 403 Scope not allowed.",
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    tags: [...new Set(CONTRACT_LIST.map((op) => op.tag)), "Callbacks"].map((name) => ({ name })),
    paths,
    webhooks,
    components: {
      schemas: {
        Error: jsonSchemaOf(errorSchema, "output"),
        ValidationError: jsonSchemaOf(validationErrorSchema, "output"),
        CodedError: jsonSchemaOf(codedErrorSchema, "output"),
        InternalError: jsonSchemaOf(internalErrorSchema, "output"),
        Unavailable: jsonSchemaOf(unavailableErrorSchema, "output"),
      },
      headers: RESPONSE_HEADERS,
      securitySchemes: {
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "X-Api-Key",
          description: "Plus X-Timestamp and X-Hash, documented on each operation.",
        },
        siteToken: {
          type: "apiKey",
          in: "header",
          name: "X-Site-Token",
          description:
            "A dealer's site integration, on dealer operations only: plus X-Timestamp and X-Hash = H(site_token + " +
            "secret_key + timestamp) with the integration's secret key. The requirement lists the scope the " +
            "operation needs.",
        },
      },
    },
    security: [{ apiKey: [] }],
  };
}
