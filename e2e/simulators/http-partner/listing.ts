import type { SimulatedAnswer } from "./server";

/**
 * The protocol's listings for reconciliation (docs/partner-protocol.md, "Listing transactions"), as a partner
 * serves them from its own records: the period `[from, to)` checked (ISO 8601 with a zone, `to` after `from`,
 * at most 31 days: 422 otherwise), the records whose `occurredAt` falls in it, oldest first, paged by an opaque
 * cursor (here the offset of the next record) with `nextCursor` null on the last page.
 */

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const MAX_PERIOD_MS = 31 * 24 * 3600_000;

/** What a test makes the listing answer instead of a page: an HTTP status, unreadable text, or a bad signature. */
export type ReportFailure = number | "garbage" | "unsigned" | { secret: string } | null;

/** The failure's answer, or null to answer the page signed as usual. */
export function failedListing(failure: ReportFailure, page: SimulatedAnswer): SimulatedAnswer {
  if (failure === null) return page;
  if (typeof failure === "number") return { status: failure, body: { code: "UNAVAILABLE", message: "try later" } };
  if (failure === "garbage") return { status: 200, raw: "<html>Service Unavailable</html>" };
  if (failure === "unsigned") return { ...page, signing: "none" };
  return { ...page, signing: failure };
}

/** A local time in Turkey (UTC+3 all year), as a Turkish partner stamps its records: 2026-12-05T14:05:00+03:00. */
export function turkishTime(at: Date): string {
  return `${new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 19)}+03:00`;
}

/** One page of `records` (each with its occurredAt) for a listing request's period and cursor, under `key`. */
export function listingPage<T extends { occurredAt: string }>(
  body: Record<string, unknown>,
  records: T[],
  key: string,
  pageSize: number,
): SimulatedAnswer {
  const { from, to, cursor } = body;
  if (typeof from !== "string" || typeof to !== "string" || !INSTANT.test(from) || !INSTANT.test(to))
    return { status: 422, body: { code: "BAD_PERIOD", message: "from and to are ISO 8601 instants with a zone" } };
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (!(end > start) || end - start > MAX_PERIOD_MS)
    return { status: 422, body: { code: "BAD_PERIOD", message: "to must be after from, at most 31 days later" } };
  if (cursor !== null && (typeof cursor !== "string" || !/^\d{1,9}$/.test(cursor)))
    return { status: 422, body: { code: "BAD_CURSOR", message: "cursor is not one of ours" } };
  const inPeriod = records
    .map((record, seq) => ({ record, seq, at: Date.parse(record.occurredAt) }))
    .filter(({ at }) => at >= start && at < end)
    .sort((a, b) => a.at - b.at || a.seq - b.seq)
    .map(({ record }) => record);
  const offset = cursor === null ? 0 : Number(cursor);
  const page = inPeriod.slice(offset, offset + pageSize);
  const next = offset + pageSize < inPeriod.length ? String(offset + pageSize) : null;
  return { status: 200, body: { [key]: page, nextCursor: next } };
}
