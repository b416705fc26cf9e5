import type { PartnerRecord } from "../report-port";
import { decimalOfJsonNumber, truncateDecimal } from "../amount-format";
import { partialFiatAmount, readPayment, readPayout } from "./response-mapper";

/**
 * NOWPayments' two lists in our words, for the daily reconciliation (report.ts calls them).
 *
 * "Get list of payments" (GET /v1/payment/) answers `{ data: [payment...], limit, page, pagesCount, total }`;
 * each payment is the status object (payment_id, payment_status, price_amount/price_currency: the order's
 * fiat price, pay_amount/actually_paid: coins, order_id: our clientRef, created_at, updated_at). Each one is a
 * deposit record. "List of payouts" (GET /v1/payout) answers `{ payouts: [withdrawal...] }`; each withdrawal
 * is a payout record. A list whose shape or record cannot be read throws: no page is made of a guess.
 */

export type Window = { from: Date; to: Date };

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const count = (value: unknown): number | null =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0
    ? value
    : typeof value === "string" && /^\d{1,9}$/.test(value)
      ? Number(value)
      : null;

/** An ISO 8601 time as NOWPayments writes it ("2023-07-19T15:22:15.807Z"), or null. */
function instantOf(value: unknown): Date | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at);
}

const within = (at: Date, window: Window) =>
  at.getTime() >= window.from.getTime() && at.getTime() <= window.to.getTime();

/**
 * The payment's status in the report's words, from the documented list: finished is the only money kept;
 * failed, expired (nothing arrived in time) and refunded (the coins were sent back) end without it; waiting,
 * confirming, confirmed, sending and partially_paid are still open. A status the documentation does not list is
 * no verdict either: pending.
 */
export function paymentStatus(status: string): PartnerRecord["status"] {
  switch (status) {
    case "finished":
      return "succeeded";
    case "failed":
    case "expired":
    case "refunded":
      return "failed";
    default:
      return "pending";
  }
}

/**
 * One listed payment as a deposit. The amount is the order's price (price_amount, in price_currency: the
 * fiat amount we asked), except for partially_paid, where it is what arrived, valued at the payment's own
 * quote as the status inquiry reports it (price × actually_paid ÷ pay_amount, down to the kuruş). A re-deposit
 * (a child payment with parent_payment_id) is listed as the deposit it is, under the order_id it carries.
 */
export function paymentRecord(raw: unknown): { record: PartnerRecord; at: Date } {
  const payment = readPayment(raw);
  if (!payment || !isObject(raw)) throw new Error("NOWPayments listed a payment without payment_id or payment_status");
  if (!payment.priceAmount || !payment.priceCurrency)
    throw new Error(`NOWPayments listed payment ${payment.paymentId} without price_amount or price_currency`);
  const at = instantOf(raw.created_at) ?? instantOf(raw.updated_at);
  if (!at) throw new Error(`NOWPayments listed payment ${payment.paymentId} without a readable created_at`);
  const price = truncateDecimal(payment.priceAmount, 2);
  const amount = payment.status === "partially_paid" ? (partialFiatAmount(payment) ?? price) : price;
  return {
    at,
    record: {
      kind: "deposit",
      orderId: payment.orderId,
      partnerReference: payment.paymentId,
      amount,
      currency: payment.priceCurrency.toUpperCase(),
      status: paymentStatus(payment.status),
      occurredAt: at.toISOString(),
      raw,
    },
  };
}

/** A page of the payment list: its records within the window, and where the paging stands. */
export type PaymentListPage = { records: PartnerRecord[]; listed: number; pagesCount: number | null };

/**
 * `{ data, limit, page, pagesCount, total }`. The page it answers must be the one asked (a page that names
 * another is not trusted). Payments created outside the window (a date filter read more widely than asked) are
 * left out of the records; the body keeps them.
 */
export function readPaymentList(body: unknown, askedPage: number, window: Window): PaymentListPage {
  if (!isObject(body) || !Array.isArray(body.data))
    throw new Error("NOWPayments answered the payment list without its data array");
  const page = count(body.page);
  if (body.page !== undefined && page !== askedPage)
    throw new Error(`NOWPayments answered page ${String(body.page)} of the payment list for page ${askedPage}`);
  const records = body.data
    .map(paymentRecord)
    .filter((r) => within(r.at, window))
    .map((r) => r.record);
  return { records, listed: body.data.length, pagesCount: count(body.pagesCount) };
}

/**
 * A payout's status: finished is paid; failed and rejected (not verified in time, or refused) are not;
 * creating, waiting, processing and sending are on their way.
 */
export function payoutStatus(status: string): PartnerRecord["status"] {
  if (status === "finished") return "succeeded";
  if (status === "failed" || status === "rejected") return "failed";
  return "pending";
}

/**
 * One listed withdrawal as a payout. Ours name our clientRef (unique_external_id) and carry the order's fiat
 * amount in payout_description (request-mapper.ts): that is the amount reported, in the order's currency. A
 * payout the account made otherwise names none of ours: it is reported in its coin (amount and ticker as
 * NOWPayments writes them, to two places; `raw` keeps the exact figure) for staff to see.
 */
export function payoutRecord(raw: unknown): { record: PartnerRecord; at: Date } {
  const payout = readPayout(raw);
  if (!payout || !isObject(raw)) throw new Error("NOWPayments listed a payout without id or status");
  const at = instantOf(raw.created_at);
  if (!at) throw new Error(`NOWPayments listed payout ${payout.id} without a readable created_at`);
  const coins = payout.amount ? decimalOfJsonNumber(payout.amount) : null;
  const money = payout.ours
    ? { amount: payout.ours.amount, currency: payout.ours.currency }
    : coins && payout.currency
      ? { amount: truncateDecimal(coins.replace(/^-/, ""), 2), currency: payout.currency.toUpperCase() }
      : null;
  if (!money) throw new Error(`NOWPayments listed payout ${payout.id} without an amount or currency`);
  return {
    at,
    record: {
      kind: "payout",
      orderId: payout.uniqueExternalId ?? payout.ours?.clientRef ?? null,
      partnerReference: payout.id,
      ...money,
      status: payoutStatus(payout.status),
      occurredAt: at.toISOString(),
      raw,
    },
  };
}

/** `{ payouts: [...] }`: the records created within the window, and how many the page listed. */
export function readPayoutList(body: unknown, window: Window): { records: PartnerRecord[]; listed: number } {
  if (!isObject(body) || !Array.isArray(body.payouts))
    throw new Error("NOWPayments answered the payout list without its payouts array");
  const records = body.payouts
    .map(payoutRecord)
    .filter((r) => within(r.at, window))
    .map((r) => r.record);
  return { records, listed: body.payouts.length };
}
