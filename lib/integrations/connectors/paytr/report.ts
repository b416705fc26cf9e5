import { formatDateTime, formatIsoWithOffset } from "@/lib/base/time/format";
import { parseLocalDateTime } from "@/lib/base/time/parse-local";
import { readAmount } from "../amount-format";
import { PartnerCallError } from "../ports";
import type { PartnerRecord, PartnerReport, ReportPage, ReportQuery } from "../report-port";
import { CREDENTIALS_REFUSED, PATHS, paytrWords, postPaytrKeepingText, type PaytrAnswer } from "./client";
import type { PaytrConfig } from "./config";
import { reportToken } from "./crypt";
import { unitWindows } from "../report-windows";
import { PAYTR_ANSWERED_AMOUNT } from "./request-mapper";

/**
 * PayTR's "Satış ve İade İşlem Dökümü Servisi" (dev.paytr.com/islem-dokumu): POST /rapor/islem-dokumu with
 * merchant_id, start_date and end_date ("YYYY-MM-DD hh:mm:ss", Turkish time) and paytr_token, answered with JSON:
 * status "success" and the period's sales (islem_tipi S) and refunds (I), "failed" when the period has none,
 * "error" with err_no / err_msg when the request is wrong. A call covers at most 3 days and the service has no
 * paging: a longer period is asked in windows of 3 days, one call (one page) each. A day fits in one.
 */

const ISTANBUL = "Europe/Istanbul";

/** "En fazla 3 gün": the sample codes ask from 00:00:00 of one day to 23:59:59 of the third. */
const MAX_WINDOW_MS = 3 * 24 * 60 * 60_000;

/** The sample codes wait 90 seconds for this service (a long period is a large answer), longer than other calls. */
const REPORT_TIMEOUT_MS = 90_000;

/** The period as PayTR's start_date / end_date pairs, at most 3 days each, seconds inclusive, Istanbul time. */
export function reportWindows(from: Date, to: Date): { start: string; end: string }[] {
  const first = Math.floor(from.getTime() / 1000) * 1000;
  const last = Math.floor(to.getTime() / 1000) * 1000;
  if (!Number.isFinite(first) || !Number.isFinite(last) || last < first)
    throw new RangeError("the report period ends before it starts");
  return unitWindows(first / 1000, last / 1000, MAX_WINDOW_MS / 1000).map(([start, end]) => ({
    start: formatDateTime(new Date(start * 1000), ISTANBUL),
    end: formatDateTime(new Date(end * 1000), ISTANBUL),
  }));
}

/** para_birimi as documented (TL, USD, EUR, GBP, RUB) in ISO 4217. */
const CURRENCIES: Record<string, string> = { TL: "TRY", TRY: "TRY", USD: "USD", EUR: "EUR", GBP: "GBP", RUB: "RUB" };

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/**
 * islem_tarihi: the document's example is a date ("13.01.2021"); a time after it is read when present. The
 * report names no time of day otherwise, so such a record is placed at the start of its Istanbul day.
 */
export function occurredAtOf(value: unknown): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text(value));
  if (!m) return null;
  const local = `${m[3]}-${m[2]}-${m[1]} ${m[4] ?? "00"}:${m[5] ?? "00"}:${m[6] ?? "00"}`;
  const at = parseLocalDateTime(local, ISTANBUL);
  return at ? formatIsoWithOffset(at, ISTANBUL) : null;
}

/** One row of the report in our words; throws on anything it cannot read (the day is then asked again). */
export function recordOf(row: Record<string, unknown>): PartnerRecord {
  const type = text(row.islem_tipi).toUpperCase();
  const kind = type === "S" ? "sale" : type === "I" ? "refund" : null;
  if (!kind) throw new Error(`PayTR's report names an unknown islem_tipi ${JSON.stringify(row.islem_tipi)}`);
  // "Satış ve İade işlemlerinde fark olmaksızın aynı değerler döner": a refund's amount is written like a sale's;
  // a sign, if one were ever written on a refund, says no more than islem_tipi does.
  const written = text(row.islem_tutari);
  const amount = readAmount(kind === "refund" ? written.replace(/^-/, "") : written, PAYTR_ANSWERED_AMOUNT);
  if (amount === null) throw new Error(`PayTR's report has an unreadable islem_tutari ${JSON.stringify(written)}`);
  const currency = CURRENCIES[text(row.para_birimi).toUpperCase()];
  if (!currency) throw new Error(`PayTR's report has an unknown para_birimi ${JSON.stringify(row.para_birimi)}`);
  const occurredAt = occurredAtOf(row.islem_tarihi);
  if (!occurredAt) throw new Error(`PayTR's report has an unreadable islem_tarihi ${JSON.stringify(row.islem_tarihi)}`);
  const orderId = text(row.siparis_no) || null;
  return {
    kind,
    // siparis_no is the merchant_oid we sent (our order id in letters and digits); a refund names its sale's.
    orderId,
    // PayTR takes one successful payment per merchant_oid, so the oid names the sale (as the connector stores it);
    // the report carries no id of a refund (its reference_no shows only in the status inquiry).
    partnerReference: kind === "sale" ? orderId : null,
    amount,
    currency,
    // The report lists sales and refunds that were made; declined or abandoned attempts are not in it.
    status: "succeeded",
    occurredAt,
    raw: row,
  };
}

const isRow = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === "object" && !Array.isArray(v) && "islem_tipi" in (v as object);

/**
 * The rows of a "success" answer. The document lists each row's fields but does not name the list that holds
 * them (its samples print the whole answer): the rows are read from the one top-level list (or PHP-style keyed
 * object) of such objects, whatever its name; none, or more than one, is an answer that cannot be read.
 */
export function rowsOf(answer: PaytrAnswer): Record<string, unknown>[] {
  const lists = Object.entries(answer)
    .filter(([key]) => key !== "status")
    .map(([, value]) => (Array.isArray(value) ? value : value && typeof value === "object" ? Object.values(value) : []))
    .filter((list) => list.length > 0 && list.every(isRow)) as Record<string, unknown>[][];
  if (lists.length !== 1) throw new Error(`PayTR's report says success but holds ${lists.length} lists of records`);
  return lists[0]!;
}

/** A report answer's records: "failed" is PayTR's documented "no record in the period". */
export function readReport(answer: PaytrAnswer): PartnerRecord[] {
  if (answer.status === "failed") return [];
  if (answer.status === "success") return rowsOf(answer).map(recordOf);
  const words = paytrWords(answer);
  if (answer.status === "error" && CREDENTIALS_REFUSED.test(words))
    throw new PartnerCallError({
      kind: "refused",
      error: { code: text(answer.err_no) || "PAYTR", message: `PayTR refused the report request: ${words}` },
    });
  if (answer.status === "error")
    throw new PartnerCallError({ kind: "retry", reason: `PayTR's report answered an error: ${words}` });
  throw new Error(`PayTR's report answered an unknown status ${JSON.stringify(answer.status)}`);
}

async function* pages(config: PaytrConfig, query: ReportQuery): AsyncGenerator<ReportPage> {
  // PayTR documents no rate limit for the service: windows are asked one after another, each once read.
  for (const { start, end } of reportWindows(query.from, query.to)) {
    const { text: body, answer } = await postPaytrKeepingText(
      { ...config, timeoutMs: Math.max(config.timeoutMs, REPORT_TIMEOUT_MS) },
      PATHS.report,
      {
        merchant_id: config.merchantId,
        start_date: start,
        end_date: end,
        paytr_token: reportToken(config, start, end),
      },
    );
    yield { body, records: readReport(answer) };
  }
}

export const paytrReport: PartnerReport<PaytrConfig> = { mode: "list", pages };
