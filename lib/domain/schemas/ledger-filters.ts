import { z } from "zod";
import { parseLocalDateTime } from "@/lib/base/time/parse-local";
import { formatDateTime, startOfLocalDay } from "@/lib/base/time/format";
import { optionalDay, optionalId } from "./filter-fields";

/** The longest range of days a page or an export lists at once: a month (each day is two index reads). */
export const MAX_STATEMENT_DAYS = 31;

type RawParams = Record<string, string | string[] | undefined>;

/** A query parameter as one string: the first when repeated, "" when absent. */
const one = (raw: RawParams, name: string): string => {
  const value = raw[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
};

/** What a ledger page could not read from its query: shown in words, the value left out. */
export type LedgerQueryProblem =
  | { kind: "unreadable"; field: "day" | "time" | "from" | "to"; given: string }
  | { kind: "range"; days: number }
  | { kind: "reversed" };

/** A wall-clock time typed as HH:MM (or H.MM, the Turkish way of writing it), 00:00 to 23:59. */
export function readTime(text: string): string | null {
  const m = /^(\d{1,2})[:.](\d{2})$/.exec(text.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return `${m[1]!.padStart(2, "0")}:${m[2]}`;
}

function readDay(raw: RawParams, field: "day" | "from" | "to", problems: LedgerQueryProblem[]): string | undefined {
  const given = one(raw, field);
  const day = optionalDay.parse(given || undefined);
  if (given && !day) problems.push({ kind: "unreadable", field, given });
  return day;
}

/** Today in Istanbul (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  return formatDateTime(now).slice(0, 10);
}

/** The calendar day `n` days after `day` (before, for a negative n). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export type BalanceQuery = { providerId?: number; dealerId?: number; day?: string; time?: string; asOf?: Date };

/**
 * The Balances page's query: a provider, a dealer and a moment, an Istanbul day and time. No day: now; a day
 * without a time: the day's end (what its statement closes with). Unreadable values are left out and named.
 */
export function parseBalanceQuery(raw: RawParams): { query: BalanceQuery; problems: LedgerQueryProblem[] } {
  const problems: LedgerQueryProblem[] = [];
  const query: BalanceQuery = {
    providerId: optionalId.parse(one(raw, "providerId") || undefined),
    dealerId: optionalId.parse(one(raw, "dealerId") || undefined),
  };
  query.day = readDay(raw, "day", problems);
  const typedTime = one(raw, "time");
  const time = typedTime ? readTime(typedTime) : null;
  if (typedTime && !time) problems.push({ kind: "unreadable", field: "time", given: typedTime });
  if (query.day) {
    query.time = time ?? undefined;
    query.asOf = time
      ? (parseLocalDateTime(`${query.day} ${time}:00`) ?? undefined)
      : new Date(startOfLocalDay(addDays(query.day, 1)).getTime() - 1);
  }
  return { query, problems };
}

export type StatementQuery = { providerId?: number; dealerId?: number; day: string; from: string; to: string };

/** The days a statement range lists by default: the week ending on the chosen day. */
export const DEFAULT_RANGE_DAYS = 7;

/**
 * The Statements page's query: the pair, the day whose statement is shown in full (default today) and the
 * range of days listed (default the week ending on that day, at most MAX_STATEMENT_DAYS: a longer one is
 * cut to its last days and said so).
 */
export function parseStatementQuery(
  raw: RawParams,
  now = new Date(),
): { query: StatementQuery; problems: LedgerQueryProblem[] } {
  const problems: LedgerQueryProblem[] = [];
  const day = readDay(raw, "day", problems) ?? localToday(now);
  let to = readDay(raw, "to", problems) ?? day;
  let from = readDay(raw, "from", problems) ?? addDays(to, 1 - DEFAULT_RANGE_DAYS);
  if (from > to) {
    problems.push({ kind: "reversed" });
    [from, to] = [to, from];
  }
  if (from < addDays(to, 1 - MAX_STATEMENT_DAYS)) {
    problems.push({ kind: "range", days: MAX_STATEMENT_DAYS });
    from = addDays(to, 1 - MAX_STATEMENT_DAYS);
  }
  return {
    query: {
      providerId: optionalId.parse(one(raw, "providerId") || undefined),
      dealerId: optionalId.parse(one(raw, "dealerId") || undefined),
      day,
      from,
      to,
    },
    problems,
  };
}

/** A settlement being reviewed before it is recorded: what the record form sent to the page (GET), as typed. */
export const settlementDraftSchema = z.object({
  direction: z.enum(["TO_PROVIDER", "TO_SERVICE"]).catch("TO_PROVIDER"),
  amount: z.string().catch(""),
  reference: z.string().max(100).catch(""),
  paidOn: z.string().catch(""),
  note: z.string().max(500).catch(""),
});
export type SettlementDraft = z.infer<typeof settlementDraftSchema>;
