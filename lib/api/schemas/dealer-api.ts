import { z } from "zod";
import { amountSchema, ibanDocumentation, optionalString, requiredString } from "@/lib/domain/schemas/common";

/**
 * POST /api/dealer/send-money. The 10.00 floor (dealer-api.md Limits) and the IBAN are business errors with the
 * dealer document's codes, checked after the body (as is the balance), so the schema documents them but the
 * transfer refuses them: MIN_AMOUNT_ERROR and INVALID_IBAN.
 */
export const sendMoneySchema = z.strictObject({
  wallet_id: requiredString("wallet_id", 64),
  recipient_iban: requiredString("recipient_iban", 64).meta(
    ibanDocumentation("; an invalid one is refused with 422 error_code INVALID_IBAN"),
  ),
  recipient_name: requiredString("recipient_name"),
  amount: amountSchema({
    min: "0.01",
    allowString: true,
    businessMin: { min: "10.00", errorCode: "MIN_AMOUNT_ERROR" },
  }),
  description: optionalString("description"),
});

/** A calendar date, YYYY-MM-DD (RFC 3339 full-date: 2024-02-29 is one, 2023-02-29 and 0000-00-00 are not). */
const date = (field: string) =>
  z.iso.date({
    error: (issue) =>
      issue.input === undefined
        ? `${field} is required`
        : /^\d{4}-\d{2}-\d{2}$/.test(String(issue.input))
          ? `${field} is not a valid date`
          : `${field} must be a date in YYYY-MM-DD form`,
  });

/** A page number as the query string carries it: decimal digits only ("0x10", "1e2" and " 5" are not pages). */
const page = z
  .preprocess(
    (v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: "page must be a whole number" })
      .int("page must be a whole number")
      .min(1, "page must be at least 1")
      .max(100_000, "page must be at most 100000"),
  )
  .default(1);

/** GET /api/dealer/transactions query. */
export const transactionsQuerySchema = z.strictObject({
  wallet_id: requiredString("wallet_id", 64),
  start_date: date("start_date"),
  end_date: date("end_date"),
  page,
});

export const transferStatusQuerySchema = z.strictObject({ transfer_id: requiredString("transfer_id", 64) });

export const noInputSchema = z.strictObject({});
