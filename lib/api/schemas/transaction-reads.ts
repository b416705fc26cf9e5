import { z } from "zod";
import { TransactionStatus } from "@/lib/generated/prisma/enums";
import { MAX_INT4, requiredString } from "@/lib/domain/schemas/common";

/**
 * Requests of the read endpoints (transaction status, the transaction list, callbacks and their resend):
 * integrators ask what happened when a callback did not arrive. Not in the API documents; additive.
 */

export const LIST_PAGE_MAX = 500;
export const LIST_PAGE_DEFAULT = 100;
export { LIST_WINDOW_MAX_DAYS } from "@/lib/domain/explorer/api-transaction-list";

export const trackingCodeBodySchema = z.strictObject({ tracking_code: requiredString("tracking_code", 64) });

/** A time of the window: YYYY-MM-DD HH:MM:SS in the service time zone, as every time the API answers. */
const windowTime = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    // Months, days, hours, minutes and seconds in their ranges, so the document's pattern admits no 2026-13-40.
    .regex(
      /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
      `${field} must be YYYY-MM-DD HH:MM:SS`,
    )
    .meta({
      description:
        `YYYY-MM-DD HH:MM:SS in the service time zone (Europe/Istanbul unless configured); ` +
        `${field === "from" ? "inclusive" : "exclusive"}`,
      examples: [field === "from" ? "2026-11-22 00:00:00" : "2026-11-23 00:00:00"],
    });

const cursor = z
  .string()
  .max(200, "cursor must be at most 200 characters")
  .optional()
  .meta({ description: "next_cursor of the previous page, as it was answered; absent for the first page" });

const status = z
  .enum(TransactionStatus, { error: () => `status must be one of ${Object.values(TransactionStatus).join(", ")}` })
  .optional();

const limitRange = (n: z.ZodNumber) =>
  n
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(LIST_PAGE_MAX, `limit must be at most ${LIST_PAGE_MAX}`);

/** POST /api/provider/transactions. */
export const providerTransactionListSchema = z.strictObject({
  from: windowTime("from"),
  to: windowTime("to"),
  site_id: z
    .number({ error: "site_id must be a number" })
    .int("site_id must be a whole number")
    .min(1, "site_id must be at least 1")
    .max(MAX_INT4, `site_id must be at most ${MAX_INT4}`)
    .optional(),
  status,
  cursor,
  limit: limitRange(z.number({ error: "limit must be a number" }))
    .default(LIST_PAGE_DEFAULT)
    .meta({ description: `Rows per page, at most ${LIST_PAGE_MAX}` }),
});

/** A whole number as the query string carries it (decimal digits only). */
const queryLimit = z
  .preprocess(
    (v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
    limitRange(z.number({ error: "limit must be a whole number" })),
  )
  .default(LIST_PAGE_DEFAULT)
  .meta({ description: `Rows per page, at most ${LIST_PAGE_MAX}` });

/** GET /api/dealer/transaction/list query. */
export const dealerTransactionListSchema = z.strictObject({
  from: windowTime("from"),
  to: windowTime("to"),
  status,
  cursor,
  limit: queryLimit,
});

export type { TransactionListInput } from "@/lib/domain/explorer/api-transaction-list";
