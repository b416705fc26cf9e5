import { z } from "zod";

/** The error bodies of decisions.md §3–4, shared by every endpoint. */

export const errorSchema = z
  .strictObject({
    success: z.literal(false),
    error: z.string().meta({
      description: "Short error text; for authentication and access errors exactly the text of the API document",
    }),
    message: z.string().meta({ description: "A sentence for humans" }),
  })
  .meta({
    examples: [
      {
        success: false,
        error: "Invalid hash",
        message:
          "X-Hash does not match the hash formula of this endpoint: H(api_key + secret_key + timestamp), SHA-256 in " +
          "lowercase hex.",
      },
    ],
  });

export const validationErrorSchema = z
  .strictObject({
    success: z.literal(false),
    error: z.literal("Validation failed"),
    messages: z.array(z.string()).min(1).meta({ description: "One message per violated rule" }),
  })
  .meta({
    examples: [
      { success: false, error: "Validation failed", messages: ["iban is required", "amount must be at least 1"] },
    ],
  });

export const DEALER_ERROR_CODES = [
  "DATE_RANGE_EXCEEDED",
  "INVALID_DATE_RANGE",
  "WALLET_NOT_ASSIGNED",
  "INSUFFICIENT_BALANCE",
  "INVALID_IBAN",
  "MIN_AMOUNT_ERROR",
] as const;

export const codedErrorSchema = z
  .strictObject({ success: z.literal(false), error_code: z.enum(DEALER_ERROR_CODES), message: z.string() })
  .meta({
    examples: [
      {
        success: false,
        error_code: "INSUFFICIENT_BALANCE",
        message: "The wallet's available balance is too low for this transfer.",
      },
    ],
  });

export const internalErrorSchema = z
  .strictObject({
    success: z.literal(false),
    error: z.literal("Internal error"),
    message: z.string(),
    request_id: z.string().meta({ description: "Quote it to support; also in the X-Request-Id header" }),
  })
  .meta({ description: "An unexpected failure" });

export const unavailableErrorSchema = z
  .strictObject({
    success: z.literal(false),
    error: z.literal("Service unavailable"),
    message: z.string(),
    request_id: z
      .string()
      .optional()
      .meta({ description: "Present when the request reached the API (the database was unavailable)" }),
  })
  .meta({
    description:
      "The database is unavailable or the server is shutting down; nothing was changed unless a retry with the same " +
      "Idempotency-Key says otherwise. Retry after Retry-After seconds.",
  });
