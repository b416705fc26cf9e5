import { z } from "zod";
import { dbIdSchema, storableString } from "./common";

/**
 * Fields of the console's list filters, read from the query string. A value that does not parse is ignored
 * (the list shows unfiltered on it) rather than failing the page: links are edited by hand.
 */
export const optionalText = (max: number) =>
  storableString
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined)
    .catch(undefined);

export const optionalId = dbIdSchema.optional().catch(undefined);

/** A day as typed in Turkish (24.11.2026, 1.2.2026 or with slashes), rewritten to YYYY-MM-DD; others left as given. */
export function isoDay(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const turkish = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(value.trim());
  return turkish ? `${turkish[3]}-${turkish[2]!.padStart(2, "0")}-${turkish[1]!.padStart(2, "0")}` : value.trim();
}

/** A calendar day, YYYY-MM-DD or DD.MM.YYYY, that is a real date (2024-13-01 is not); read as YYYY-MM-DD. */
export const optionalDay = z
  .preprocess(isoDay, z.string().regex(/^\d{4}-\d{2}-\d{2}$/))
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
  .optional()
  .catch(undefined);

export const pageParam = z.coerce.number().int().min(1).max(10_000).default(1).catch(1);
