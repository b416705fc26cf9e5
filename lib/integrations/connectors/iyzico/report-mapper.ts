import { formatIsoWithOffset } from "@/lib/base/time/format";
import { parseLocalDateTime } from "@/lib/base/time/parse-local";
import { PartnerCallError } from "../ports";
import type { PartnerRecord, PartnerRecordKind } from "../report-port";
import { readAmount } from "../amount-format";
import { IYZICO_ANSWERED_PRICE } from "./request-mapper";
import { partnerErrorOf } from "./response-mapper";

/**
 * One answer of iyzico's daily transactions report (docs.iyzico.com "Raporlama" / "Reporting Service", "Gün Bazında
 * Raporlama": GET /v2/reporting/payment/transactions) read into our records, or the reason it cannot be.
 *
 * The answer is { status, locale, systemTime, conversationId, transactions[], currentPage, totalPageCount }; each
 * transaction is one operation of the day: `transactionType` PAYMENT, REFUND or CANCEL, with `transactionId`,
 * `paymentId`, `paymentTxId`, `conversationId`, `basketId`, `price`, `paidPrice`, `transactionCurrency` and
 * `transactionDate` ("yyyy-MM-dd HH:mm:ss"); a PAYMENT also has `transactionStatus` (the basket item's status, as in
 * the transaction detail: 0 under fraud review, -1 rejected by the fraud check, 1 and 2 approved), a REFUND
 * `afterSettlement`. Failed card attempts are not operations: the report lists none, and says nothing of
 * chargebacks (iyzico handles those outside the API).
 *
 * iyzico documents no signature on this answer: it is trusted as the answer to our own authenticated call over TLS.
 */

type Json = Record<string, unknown>;

/** iyzico's clock is Turkey's: report dates carry no offset. */
const TURKEY = "Europe/Istanbul";

const KINDS: Record<string, PartnerRecordKind> = { PAYMENT: "sale", REFUND: "refund", CANCEL: "void" };

/** iyzico's generic system error: nothing was decided, the same call may be made again. */
const SYSTEM_ERROR = "1";

export type DailyTransactionsPage = { records: PartnerRecord[]; currentPage: number; totalPageCount: number };

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const retry = (reason: string) => new PartnerCallError({ kind: "retry", reason });

/** iyzico's ids are JSON numbers (Java longs) or strings; a string keeps them whole. */
function idOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(value)) return value;
  return null;
}

function positiveInteger(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/**
 * The report's "2025-07-24 14:05:09" is Turkey's local time, given with Turkey's offset. The transaction detail
 * writes its dates as ISO 8601 with a zone ("2025-08-28T15:19:03Z"); one written so here is taken as it is.
 */
function occurredAt(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  const local = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})(?:\.\d{1,3})?$/.exec(text);
  if (local) {
    const instant = parseLocalDateTime(local[1] ?? "", TURKEY);
    return instant ? formatIsoWithOffset(instant, TURKEY) : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : formatIsoWithOffset(instant, TURKEY);
}

/**
 * Whether the operation happened. A PAYMENT's basket item status is documented; REFUND and CANCEL rows are listed
 * as operations that occurred (the docs give them no status), so one without a status succeeded, and one with a
 * status is read as the reporting service codes refund statuses (1 success, 0 failure).
 */
function statusOf(kind: PartnerRecordKind, value: unknown): PartnerRecord["status"] | null {
  const status = typeof value === "string" && /^-?\d$/.test(value) ? Number(value) : value;
  if (kind === "sale") {
    if (status === 1 || status === 2) return "succeeded";
    if (status === 0) return "pending";
    if (status === -1) return "failed";
    return null;
  }
  if (status === undefined || status === null || status === 1 || status === 2) return "succeeded";
  if (status === 0 || status === -1) return "failed";
  return null;
}

/** One transaction of the report as our record; throws when any field we rely on cannot be read. */
export function recordOf(row: unknown, index: number): PartnerRecord {
  const bad = (what: string) => new Error(`iyzico's report transaction ${index} has ${what}`);
  if (!isObject(row)) throw bad("no fields");
  const type = typeof row.transactionType === "string" ? row.transactionType : "";
  const kind = KINDS[type];
  if (!kind) throw bad(`an unknown transactionType ${JSON.stringify(row.transactionType)}`);
  const status = statusOf(kind, row.transactionStatus);
  if (!status) throw bad(`an unknown transactionStatus ${JSON.stringify(row.transactionStatus)}`);
  // paidPrice is what passed through the card (the connector credits a payment's paidPrice); a refund's or cancel's
  // is what went back to it, the docs giving every row the same two prices.
  const amount = readAmount(row.paidPrice, IYZICO_ANSWERED_PRICE);
  if (amount === null) throw bad("no readable paidPrice");
  const currency = typeof row.transactionCurrency === "string" ? row.transactionCurrency : "";
  if (!/^[A-Z]{3}$/.test(currency)) throw bad("no transactionCurrency");
  const at = occurredAt(row.transactionDate);
  if (!at) throw bad("no readable transactionDate");
  const paymentId = idOf(row.paymentId);
  const transactionId = idOf(row.transactionId);
  // A payment is its paymentId (what the connector records as the charge's reference; our baskets have one item, so
  // one PAYMENT row each); each refund or cancel is its own transactionId, so two refunds of one order are two.
  const partnerReference = kind === "sale" ? (paymentId ?? transactionId) : transactionId;
  if (!partnerReference) throw bad("no paymentId or transactionId");
  // Our order id goes out as both basketId and conversationId. basketId belongs to the payment and names it on every
  // row; a refund's conversationId is the refund's own (our refund id), so it names the order only on a PAYMENT.
  const basketId = typeof row.basketId === "string" ? row.basketId.trim() : "";
  const conversationId = typeof row.conversationId === "string" ? row.conversationId.trim() : "";
  const orderId = basketId || (kind === "sale" ? conversationId : "") || null;
  return { kind, orderId, partnerReference, amount, currency, status, occurredAt: at, raw: row };
}

/**
 * Reads one answer (its body as received and the HTTP status) for `page`. Throws PartnerCallError "retry" for
 * iyzico's system error and a gateway's error page, "refused" for iyzico's definite failure answers (a signature
 * or key refused), and a plain Error for an answer that is not iyzico's or not about this request.
 */
export function readDailyTransactions(
  body: string,
  httpStatus: number,
  expected: { page: number; conversationId: string },
): DailyTransactionsPage {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    answer = null;
  }
  const overloaded = httpStatus >= 500 || httpStatus === 408 || httpStatus === 429;
  if (!isObject(answer) || (answer.status !== "success" && answer.status !== "failure")) {
    if (overloaded) throw retry(`iyzico's report answered HTTP ${httpStatus}`);
    throw new Error(`iyzico's report answer is not its JSON (HTTP ${httpStatus})`);
  }
  if (answer.status === "failure") {
    const error = partnerErrorOf(answer);
    if (overloaded || error.code === SYSTEM_ERROR) throw retry(`iyzico's report failed (${error.code})`);
    throw new PartnerCallError({ kind: "refused", error });
  }
  if (httpStatus < 200 || httpStatus > 299) throw new Error(`iyzico's report answered success with HTTP ${httpStatus}`);
  // The request's conversationId comes back as sent: an answer naming another is not the answer to this call.
  if (answer.conversationId !== undefined && answer.conversationId !== expected.conversationId)
    throw new Error("iyzico's report answer is about another request");
  const current = answer.currentPage;
  const total = answer.totalPageCount;
  const transactions = answer.transactions ?? [];
  if (!Array.isArray(transactions)) throw new Error("iyzico's report answer has no transactions list");
  // Both page fields are left out of an empty day's answer; otherwise they must say this is the page asked for.
  if (current === undefined && total === undefined) {
    return { records: transactions.map(recordOf), currentPage: expected.page, totalPageCount: expected.page };
  }
  const currentPage = positiveInteger(current);
  const totalPageCount = positiveInteger(total);
  if (currentPage === null || totalPageCount === null || currentPage > totalPageCount)
    throw new Error("iyzico's report answer has unreadable page numbers");
  if (currentPage !== expected.page)
    throw new Error(`iyzico's report answered page ${currentPage} for page ${expected.page}`);
  return { records: transactions.map(recordOf), currentPage, totalPageCount };
}
