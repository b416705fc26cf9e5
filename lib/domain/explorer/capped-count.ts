/**
 * Lists count their matches up to this many and say "10,000+" beyond: an exact count(*) over millions of
 * rows costs more than the page it labels, and nobody pages past the first few hundred.
 */
export const COUNT_CAP = 10_000;

/** What a list shows for its matches: the count, and whether it stopped at the cap. */
export type CappedTotal = { total: number; capped: boolean; pages: number };

/** From a count taken with `take: COUNT_CAP + 1`. */
export function cappedTotal(counted: number, pageSize: number): CappedTotal {
  const capped = counted > COUNT_CAP;
  const total = Math.min(counted, COUNT_CAP);
  return { total, capped, pages: Math.max(1, Math.ceil(total / pageSize)) };
}
