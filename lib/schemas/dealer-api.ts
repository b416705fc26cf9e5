import { z } from "zod";
import { amountSchema, requiredString } from "./common";

const optionalDescription = z.string({ error: "description must be a string" }).trim().max(255, "description must be at most 255 characters").optional();

/** POST /api/dealer/send-money. Amount floor, IBAN and balance are business errors with codes, checked after. */
export const sendMoneySchema = z.strictObject({
  wallet_id: requiredString("wallet_id", 64),
  recipient_iban: requiredString("recipient_iban", 64),
  recipient_name: requiredString("recipient_name"),
  amount: amountSchema({ min: "0.01", allowString: true }),
  description: optionalDescription,
});

const date = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date in YYYY-MM-DD form`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${field} is not a valid date`);

/** GET /api/dealer/transactions query. */
export const transactionsQuerySchema = z.strictObject({
  wallet_id: requiredString("wallet_id", 64),
  start_date: date("start_date"),
  end_date: date("end_date"),
  page: z.coerce.number({ error: "page must be a whole number" }).int("page must be a whole number").min(1, "page must be at least 1").max(100_000).default(1),
});

export const transferStatusQuerySchema = z.strictObject({ transfer_id: requiredString("transfer_id", 64) });

export const noInputSchema = z.strictObject({});
