import { z } from "zod";
import { Direction } from "@/lib/generated/prisma/enums";
import { METHODS, type PaymentMethod } from "@/lib/domain/payment-methods";
import { STATUS_READINGS } from "@/lib/domain/payment-methods/status-reading";
import { parseAmountInput } from "@/lib/base/money/parse-amount-input";
import { compareDecimal } from "@/lib/base/money/compare-decimal";
import { optionalDay, optionalId, optionalText, pageParam } from "./filter-fields";

type RawParams = Record<string, string | string[] | undefined>;

// An amount as typed in either language ("1.750,50", "1750.50"), normalised ("1750.50") so it compares and
// filters exactly; at most 16 integer digits, as NUMERIC(18,2) holds.
const optionalAmount = z
  .string()
  .transform((v, ctx) => {
    const amount = parseAmountInput(v);
    if (amount === null || amount.split(".")[0]!.length > 16) {
      ctx.addIssue({ code: "custom", message: "not an amount" });
      return z.NEVER;
    }
    return amount;
  })
  .optional()
  .catch(undefined);

/** Filters of the console's transactions explorer, read from the query string (shareable, reused by the CSV export). */
export const transactionFiltersSchema = z.object({
  q: optionalText(100),
  method: z
    .enum(METHODS as [PaymentMethod, ...PaymentMethod[]])
    .optional()
    .catch(undefined),
  direction: z.enum(Direction).optional().catch(undefined),
  // The console's status words (lib/domain/payment-methods/status-reading.ts); an old link's "cancelled" reads as
  // canceled.
  status: z
    .enum([...STATUS_READINGS, "cancelled"])
    .transform((s) => (s === "cancelled" ? "canceled" : s))
    .optional()
    .catch(undefined),
  siteId: optionalId,
  providerId: optionalId,
  dealerId: optionalId,
  from: optionalDay,
  to: optionalDay,
  minAmount: optionalAmount,
  maxAmount: optionalAmount,
  page: pageParam,
});

export type TransactionFilters = z.infer<typeof transactionFiltersSchema>;

/** A filter field a problem can name; `page` is never reported (a bad page is page 1). */
export type FilterField = Exclude<keyof TransactionFilters, "page">;

const FIELDS: FilterField[] = [
  "q",
  "method",
  "direction",
  "status",
  "siteId",
  "providerId",
  "dealerId",
  "from",
  "to",
  "minAmount",
  "maxAmount",
];

/** Why part of a filtered view is not applied; the console puts it in words in the operator's language. */
export type FilterProblem =
  { kind: "unreadable"; field: FilterField; given: string } | { kind: "datesReversed" } | { kind: "amountsReversed" };

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
  if (filters.minAmount && filters.maxAmount && compareDecimal(filters.minAmount, filters.maxAmount) > 0)
    problems.push({ kind: "amountsReversed" });
  return { filters, problems };
}
