import { HASH_FORMULAS, type Signature } from "@/lib/api/contracts";

type HeaderParameter = {
  name: string;
  in: "header";
  required: boolean;
  description: string;
  schema: Record<string, unknown>;
};

const header = (
  name: string,
  description: string,
  schema: Record<string, unknown> = { type: "string" },
  required = true,
): HeaderParameter => ({ name, in: "header", required, description, schema });

/** Dealer requests name their caller with one of two headers: the dealer's API key or a site integration's token. */
function callerHeaders(signing: Signature, siteScope: string | undefined): HeaderParameter[] {
  if (signing !== "dealer") return [header("X-Api-Key", "The provider API key.")];
  if (!siteScope)
    return [
      header(
        "X-Api-Key",
        "The dealer API key. Site integrations (X-Site-Token) may not call this operation: 403 Scope not allowed.",
      ),
    ];
  return [
    header(
      "X-Api-Key",
      "The dealer API key. Required unless X-Site-Token is sent; a request with both is refused (401 Ambiguous " +
        "credentials).",
      { type: "string" },
      false,
    ),
    header(
      "X-Site-Token",
      `A site integration's token, instead of X-Api-Key (security scheme siteToken): the hash and X-Signature then ` +
        `use the integration's secret key, and the integration needs the scope ${siteScope} for this operation (403 ` +
        `Scope not allowed otherwise).`,
      { type: "string" },
      false,
    ),
  ];
}

/** The headers a request of this signing kind carries, documented as OpenAPI header parameters. */
export function signingHeaders(signing: Signature, idempotent: boolean, siteScope?: string): HeaderParameter[] {
  return [
    ...callerHeaders(signing, siteScope),
    header("X-Timestamp", "Current Unix time in seconds; refused when more than 300 s away from server time.", {
      type: "string",
      pattern: "^\\d{1,12}$",
    }),
    header(
      "X-Hash",
      `Lowercase hex SHA-256 of the plain concatenation ${HASH_FORMULAS[signing]}. H(...) is SHA-256 as hex; the ` +
        `values are joined with no separator.`,
      { type: "string", pattern: "^[0-9a-fA-F]{64}$" },
    ),
    ...(signing === "verification-key"
      ? [header("X-Key", "The provider's verification key; the same value goes into the hash as key.")]
      : []),
    ...(signing === "credential-key"
      ? [
          header(
            "X-Credential-Key",
            "The site's credential key; selects the site, must belong to the calling provider, and goes into the hash.",
          ),
        ]
      : []),
    header(
      "X-Signature",
      "Optional unless the account requires signed bodies (then 401 without a valid one): t=<Unix " +
        "seconds>,v1=<lowercase hex HMAC-SHA256, keyed with the secret key (a site integration's own with " +
        "X-Site-Token), of timestamp.METHOD.path.body>, path with its query string as sent and body as sent (empty " +
        "for GET). Checked whenever sent; the timestamp must be within 300 s.",
      { type: "string", pattern: "^t=\\d{1,12},v1=[0-9a-fA-F]{64}$" },
      false,
    ),
    ...(idempotent
      ? [
          header(
            "Idempotency-Key",
            "Optional. The same key with the same body within 24 h returns the first response again; with another " +
              "body it is 409.",
            { type: "string", maxLength: 255 },
            false,
          ),
        ]
      : []),
    header(
      "X-Request-Id",
      "Optional. Your identifier for this request (8–100 of A-Z a-z 0-9 . _ -); echoed in X-Request-Id and carried " +
        "by the callbacks it causes.",
      { type: "string" },
      false,
    ),
  ];
}

export const CALLBACK_HEADERS: HeaderParameter[] = [
  header("X-Api-Key", "Your API key."),
  header("X-Timestamp", "Unix time of this attempt; equals the body's timestamp."),
  header(
    "X-Hash",
    "H(api_key + secret_key + tracking_code + status + timestamp); equals the body's hash. Recompute it and answer " +
      "401 on mismatch.",
    { type: "string", pattern: "^[0-9a-f]{64}$" },
  ),
  header(
    "X-Signature",
    "t=<timestamp>,v1=<hex HMAC-SHA256, keyed with your secret key, of timestamp.body>: covers the whole body " +
      "(amount, user_id, ...), which X-Hash does not. Check both.",
    { type: "string", pattern: "^t=\\d{1,12},v1=[0-9a-f]{64}$" },
  ),
  header(
    "X-Delivery-Id",
    "Identifies the delivery; the same on every retry of one callback, so use it to drop duplicates.",
    { type: "string" },
  ),
  header("X-Delivery-Attempt", "1 for the first attempt, then 2, 3, ... on retries.", { type: "string" }),
];
