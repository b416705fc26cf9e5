import { z } from "zod";
import { TransactionStatus } from "@/lib/generated/prisma/enums";
import { THIRD_PARTY_KINDS } from "@/lib/domain/payment-methods";
import { customerSchema, moneyNumber, ok, siteRefSchema, spaceDateTime } from "./shared";

/** Success bodies of the read endpoints (status, list, callbacks, resend); one record shape for every method. */

export const RECORD_TYPES = ["deposit", "withdrawal", "payment"] as const;
export const RECORD_METHODS = ["manual", "eiban", "credit_card", ...THIRD_PARTY_KINDS] as const;
/** Who moved a transaction to a status, in words (the history's `by`). */
export const HISTORY_ACTORS = ["api", "customer", "staff", "bank", "acquirer", "gateway", "expiry", "system"] as const;

const recordFields = {
  tracking_code: z.string(),
  type: z.enum(RECORD_TYPES),
  payment_method: z
    .enum(RECORD_METHODS)
    .meta({ description: "manual, eiban and credit_card, or the third-party kind: bank, crypto, wallet" }),
  site: siteRefSchema.nullable().meta({ description: "null for a dealer's own transactions" }),
  customer: customerSchema,
  amount: moneyNumber.meta({ description: "The amount requested" }),
  final_amount: moneyNumber.meta({
    description:
      "The amount the callback reports: for deposits the amount staff approved, which may differ from amount",
  }),
  currency: z.literal("TRY"),
  status: z.enum(TransactionStatus),
  iban: z.string().optional().meta({ description: "Withdrawals to an IBAN: the recipient's IBAN" }),
  expires_at: spaceDateTime.nullable(),
  created_at: spaceDateTime,
  updated_at: spaceDateTime,
};

export const transactionRecordSchema = z.strictObject(recordFields);

const historyEntrySchema = z.strictObject({
  status: z.enum(TransactionStatus),
  at: spaceDateTime,
  by: z.enum(HISTORY_ACTORS).meta({
    description:
      "api: your create request; staff: the dealer's or the operator's people; bank, acquirer, gateway: what the " +
      "partner reported; expiry: the time limit ran out",
  }),
});

export const transactionStatusResponseSchema = z.strictObject({
  success: ok,
  data: z.strictObject({
    ...recordFields,
    history: z.array(historyEntrySchema).meta({ description: "Every status the transaction took, oldest first" }),
  }),
});

export const transactionListResponseSchema = z.strictObject({
  success: ok,
  data: z.array(transactionRecordSchema).meta({ description: "Newest first (created_at, then creation order)" }),
  next_cursor: z
    .string()
    .nullable()
    .meta({ description: "Send it as cursor for the next page; null on the last page" }),
  window: z.strictObject({ from: spaceDateTime, to: spaceDateTime }).meta({
    description:
      "The window listed: to is the one asked, or the time until which every transaction is committed (a minute " +
      "ago) when that is earlier; the next pass starts there",
  }),
});

const attemptSchema = z.strictObject({
  attempt: z.number().int(),
  at: spaceDateTime,
  http_status: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Your receiver's HTTP status; null when no answer came" }),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});

export const callbackListResponseSchema = z.strictObject({
  success: ok,
  tracking_code: z.string(),
  callbacks: z
    .array(
      z.strictObject({
        status: z.string().meta({ description: "The status the callback reports" }),
        url: z.string(),
        state: z.enum(["pending", "delivered", "exhausted", "no_url"]).meta({
          description:
            "pending: attempts continue at next_attempt_at; exhausted: no more attempts unless resent; no_url: no " +
            "callback URL was configured",
        }),
        next_attempt_at: spaceDateTime.nullable(),
        delivered_at: spaceDateTime.nullable(),
        attempts: z.array(attemptSchema).meta({ description: "Newest first, at most 50" }),
      }),
    )
    .meta({ description: "Empty while the transaction owes no callback (not yet final)" }),
});

export const callbackResendResponseSchema = z.strictObject({
  success: ok,
  message: z.string(),
  tracking_code: z.string(),
  status: z.string().meta({ description: "The status the callback reports" }),
  state: z.literal("pending"),
});

export type TransactionRecord = z.output<typeof transactionRecordSchema>;
export type TransactionStatusResponse = z.output<typeof transactionStatusResponseSchema>;
export type TransactionListResponse = z.output<typeof transactionListResponseSchema>;
export type CallbackListResponse = z.output<typeof callbackListResponseSchema>;
export type CallbackResendResponse = z.output<typeof callbackResendResponseSchema>;
