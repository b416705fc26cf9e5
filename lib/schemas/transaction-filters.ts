import { z } from "zod";
import { Direction, PaymentMethod, TransactionStatus } from "@/lib/generated/prisma/enums";
import { compareDecimal } from "./common";

type RawParams = Record<string, string | string[] | undefined>;

const optionalText = z.string().trim().max(100).optional().transform((v) => v || undefined).catch(undefined);
const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined);
const optionalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
  .optional()
  .catch(undefined);
// A decimal with at most two places, normalised ("1.5" -> "1.50") so it compares and filters exactly.
const optionalAmount = z
  .string()
  .trim()
  .transform((v) => v.replace(",", "."))
  .pipe(z.string().regex(/^\d{1,16}(\.\d{1,2})?$/))
  .transform((v) => {
    const [whole, frac = ""] = v.split(".");
    return `${BigInt(whole!)}.${frac.padEnd(2, "0")}`;
  })
  .optional()
  .catch(undefined);

/** Filters of the console's transactions explorer, read from the query string (shareable, reused by the CSV export). */
export const transactionFiltersSchema = z.object({
  q: optionalText,
  method: z.enum(PaymentMethod).optional().catch(undefined),
  direction: z.enum(Direction).optional().catch(undefined),
  status: z.enum(TransactionStatus).optional().catch(undefined),
  siteId: optionalId,
  providerId: optionalId,
  dealerId: optionalId,
  from: optionalDate,
  to: optionalDate,
  minAmount: optionalAmount,
  maxAmount: optionalAmount,
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});

export type TransactionFilters = z.infer<typeof transactionFiltersSchema>;

/** A filter field a problem can name; `page` is never reported (a bad page is page 1). */
export type FilterField = Exclude<keyof TransactionFilters, "page">;

const FIELDS: FilterField[] = ["q", "method", "direction", "status", "siteId", "providerId", "dealerId", "from", "to", "minAmount", "maxAmount"];

/** Why part of a filtered view is not applied; the console puts it in words in the operator's language. */
export type FilterProblem = { kind: "unreadable"; field: FilterField; given: string } | { kind: "datesReversed" } | { kind: "amountsReversed" };

/**
 * The filters plus what could not be applied: a hand-edited or stale link should say why the list ignores
 * part of it instead of silently showing something else.
 */
export function parseTransactionFilters(raw: RawParams): { filters: TransactionFilters; problems: FilterProblem[] } {
  // A repeated parameter counts once, by its first value.
  const single = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const filters = transactionFiltersSchema.parse(single);
  const problems: FilterProblem[] = [];
  for (const field of FIELDS) {
    const given = single[field]?.trim();
    if (given && filters[field] === undefined) problems.push({ kind: "unreadable", field, given: given.slice(0, 40) });
  }
  if (filters.from && filters.to && filters.from > filters.to) problems.push({ kind: "datesReversed" });
  if (filters.minAmount && filters.maxAmount && compareDecimal(filters.minAmount, filters.maxAmount) > 0) problems.push({ kind: "amountsReversed" });
  return { filters, problems };
}
