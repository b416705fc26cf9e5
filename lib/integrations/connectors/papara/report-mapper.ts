import { readAmount } from "../amount-format";
import type { PartnerRecord } from "../report-port";
import { PAPARA_ANSWERED_AMOUNT } from "./request-mapper";

/**
 * Papara's account ledger (POST /account/ledgers, "List Ledgers": the merchant account's history, each
 * movement with the balance it left) in our words. Papara's clients document the answer as
 * `{ succeeded, data: { items, page, pageItemCount, totalItemCount, totalPageCount, pageSkip } }` and each item
 * (`AccountLedger`) as: id, createdAt, entryType (1 bank transfer, 2 corporate card, 6 cash at a physical
 * point, 8 MerchantPayment "checkout via Papara", 9 PaymentDistribution "masspayment via Papara", 11 EduPos),
 * entryTypeName, amount, fee, currency (0 TRY, 1 USD, 2 EUR), currencyInfo, resultingBalance, description,
 * massPaymentId (ours, on mass payments), checkoutPaymentId (Papara's payment id) and checkoutReferenceId
 * (our referenceId) on checkout payments. It publishes no example answer.
 *
 * Only money that moved is in a ledger: a checkout entry is a payment completed (a deposit), a distribution
 * entry a mass payment made (a payout); both succeeded. The documentation does not say how money out is
 * written; as an account history whose every entry carries the balance it left, an amount below zero is read as
 * money out: a checkout entry below zero is the payment refunded (a refund naming the deposit's order). The other
 * entry types are the merchant's own treasury (top-ups, withdrawals to its bank, its card): no order of any
 * gateway, so they make no record (the page's body keeps them).
 */

export const MERCHANT_PAYMENT = 8;
export const PAYMENT_DISTRIBUTION = 9;

const CURRENCIES: Record<number, string> = { 0: "TRY", 1: "USD", 2: "EUR" };

export type Window = { from: Date; to: Date };

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== ""
    ? value.trim()
    : typeof value === "number" && Number.isSafeInteger(value)
      ? String(value)
      : null;

const count = (value: unknown): number | null =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** A signed amount as Papara writes it (a JSON number), as our two-decimal string and its sign. */
export function signedAmount(value: unknown): { amount: string; out: boolean } | null {
  const written = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : null;
  if (written === null) return null;
  const out = written.startsWith("-");
  const amount = readAmount(out ? written.slice(1) : written, PAPARA_ANSWERED_AMOUNT);
  return amount === null ? null : { amount, out };
}

/**
 * createdAt: an ISO 8601 time. One written without an offset is read as Turkish time (UTC+3 all year), where
 * Papara keeps its books; the documentation gives only the type (a date).
 */
export function instantOf(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,7})?)(Z|[+-]\d{2}:\d{2})?$/.exec(value.trim());
  if (!match) return null;
  // JavaScript reads at most milliseconds: .NET writes up to seven fraction digits.
  const [whole, fraction = ""] = match[1]!.split(".") as [string, string?];
  const iso = `${whole}${fraction ? `.${fraction.slice(0, 3)}` : ""}${match[2] ?? "+03:00"}`;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : new Date(at);
}

function currencyOf(item: Record<string, unknown>): string | null {
  const code = Number(item.currency);
  if (item.currency !== null && item.currency !== "" && CURRENCIES[code]) return CURRENCIES[code];
  const info = isObject(item.currencyInfo) ? text(item.currencyInfo.code) : null;
  return info && /^[A-Z]{3}$/.test(info) ? info : null;
}

/**
 * One ledger entry as a record, or null for entry types that are no gateway order. A deposit names Papara's
 * payment id (the reference the service keeps for it); a refund and a payout name the ledger entry's own id,
 * so two refunds of one payment, or one mass payment paid twice, are two records.
 */
export function ledgerRecord(item: unknown): { record: PartnerRecord; at: Date } | null {
  if (!isObject(item)) throw new Error("Papara's ledger lists something that is not an entry");
  const entryType = Number(item.entryType);
  if (entryType !== MERCHANT_PAYMENT && entryType !== PAYMENT_DISTRIBUTION) return null;
  const id = text(item.id);
  const signed = signedAmount(item.amount);
  const currency = currencyOf(item);
  const at = instantOf(item.createdAt);
  if (!id || !signed || !currency || !at)
    throw new Error(`Papara's ledger entry ${id ?? "(no id)"} lacks a readable id, amount, currency or createdAt`);
  const base = {
    amount: signed.amount,
    currency,
    status: "succeeded" as const,
    occurredAt: at.toISOString(),
    raw: item,
  };
  if (entryType === PAYMENT_DISTRIBUTION)
    return { at, record: { kind: "payout", orderId: text(item.massPaymentId), partnerReference: id, ...base } };
  // Papara's clients name our reference checkoutReferenceId; one third-party client reads checkoutPaymentReferenceId.
  const orderId = text(item.checkoutReferenceId) ?? text(item.checkoutPaymentReferenceId);
  if (signed.out) return { at, record: { kind: "refund", orderId, partnerReference: id, ...base } };
  return {
    at,
    record: { kind: "deposit", orderId, partnerReference: text(item.checkoutPaymentId) ?? id, ...base },
  };
}

export type LedgerPage = { records: PartnerRecord[]; listed: number; totalPageCount: number | null };

/**
 * `data` of the answer: `{ items, page, ... totalPageCount }`. The page answered must be the one asked;
 * entries outside the window are left out of the records (the body keeps them).
 */
export function readLedgerPage(data: unknown, askedPage: number, window: Window): LedgerPage {
  if (!isObject(data) || !Array.isArray(data.items)) throw new Error("Papara answered the ledger without its items");
  if (data.page !== undefined && count(data.page) !== askedPage)
    throw new Error(`Papara answered ledger page ${String(data.page)} for page ${askedPage}`);
  const records = data.items
    .map(ledgerRecord)
    .filter((r): r is NonNullable<typeof r> => r !== null)
    .filter((r) => r.at.getTime() >= window.from.getTime() && r.at.getTime() <= window.to.getTime())
    .map((r) => r.record);
  return { records, listed: data.items.length, totalPageCount: count(data.totalPageCount) };
}
