import { z } from "zod";

/**
 * Requests of the balance endpoints (POST /api/provider/balance, GET /api/dealer/balance): the caller's
 * balances by counterparty, as of now or of a past instant. Not in the API documents; additive.
 */

const AS_OF_SHAPE =
  "as_of must be an ISO 8601 instant with Z or an offset, such as 2026-11-24T21:00:00Z or 2026-11-25T00:00:00+03:00";

/**
 * A moment of the past, with its zone said (Z or ±HH:MM), so it names one instant wherever the caller is.
 * The future is refused: entries may still be posted before it, so no figure for it would hold.
 */
export const asOfSchema = z.iso
  .datetime({
    offset: true,
    abort: true,
    error: (issue) => (typeof issue.input === "string" ? AS_OF_SHAPE : "as_of must be a string"),
  })
  .refine((value) => Date.parse(value) <= Date.now(), "as_of must not be in the future")
  .meta({
    description:
      "The instant to read the balances as of: ISO 8601 with Z or an offset, at most now (a future instant is 422). " +
      "Absent: now. Figures of a moment a few minutes past are final.",
    examples: ["2026-11-24T21:00:00Z"],
  });

/** The body of POST /api/provider/balance and the query of GET /api/dealer/balance. */
export const balanceInputSchema = z.strictObject({ as_of: asOfSchema.optional() });

export type BalanceInput = z.output<typeof balanceInputSchema>;

/** The instant a validated as_of names; absent: none (the read takes now). */
export function asOfInstant(input: BalanceInput): Date | undefined {
  return input.as_of === undefined ? undefined : new Date(input.as_of);
}
