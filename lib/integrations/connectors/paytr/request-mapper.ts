import { writeAmount, writeAmountOrNull, type AmountReading, type AmountWriting } from "../amount-format";
import { lettersAndDigitsOrderId } from "../order-id-alphabet";
import type { CardOrder } from "../ports";
import type { PaytrConfig } from "./config";
import { refundToken, statusInquiryToken, tokenRequestHash, type TokenFields } from "./crypt";

/**
 * What we send PayTR, from our order. PayTR's get-token fields ("iFrame API 1. Adım"): amounts in kuruş
 * (`payment_amount`, 34.56 -> 3456), `merchant_oid` alphanumeric up to 64, `user_basket` base64 of a JSON
 * list of [name, unit price, quantity], `currency` TL, and the payment frame's ok/fail URLs.
 */

/** Longest `timeout_limit` we ask for (minutes): PayTR's default and our card payments' life are shorter. */
const MAX_TIMEOUT_MINUTES = 30;

/**
 * Our order id as PayTR's `merchant_oid`: PayTR takes only letters and digits, so anything else is dropped
 * ("ORD-7K2M…" -> "ORD7K2M…"). It is stored as the payment's partner reference, which is how a notification
 * (naming only merchant_oid) finds its payment.
 */
export function merchantOidOf(orderId: string): string {
  const oid = lettersAndDigitsOrderId(orderId, 64);
  if (oid === null) throw new RangeError(`order id ${JSON.stringify(orderId)} has no PayTR merchant_oid`);
  return oid;
}

/** get-token's payment_amount is kuruş ("1250.75" is "125075"). */
export const PAYTR_KURUS: AmountWriting = { unit: "minor", wholeDigits: 16 };
/** The notification's total_amount, kuruş too, read exactly as signed. */
export const PAYTR_NOTIFIED_KURUS: AmountReading = { unit: "minor", wholeDigits: 16, asSent: true };
/** The refund API's return_amount is a decimal with two places and a dot ("10.25"). */
export const PAYTR_REFUND_AMOUNT: AmountWriting = { unit: "major", wholeDigits: 16, places: "two" };
/**
 * Amounts in the status inquiry and the report. The inquiry's document example is "10,8" (a comma), the refund
 * API's a dot ("10.25"): either separator is read, at most two decimals, no thousands separators.
 */
export const PAYTR_ANSWERED_AMOUNT: AmountReading = { unit: "major", wholeDigits: 16, separators: ".,", numbers: true };

/** Minutes PayTR keeps the frame payable: until our payment closes, at least one, at most 30. */
export function timeoutMinutes(expiresAt: string, now: number): number {
  const left = Math.floor((Date.parse(expiresAt) - now) / 60_000);
  return Math.min(MAX_TIMEOUT_MINUTES, Math.max(1, Number.isFinite(left) ? left : 1));
}

/** The basket PayTR requires: one line worth the whole amount (a deposit has no goods). */
export function basketOf(order: Pick<CardOrder, "amount" | "description">): string {
  const name = (order.description.trim() || "Deposit").slice(0, 100);
  return Buffer.from(JSON.stringify([[name, order.amount, 1]]), "utf8").toString("base64");
}

/** Placeholders for what PayTR requires and a deposit may lack (PayTR shows none of them to the customer as ours). */
const NO_ADDRESS = "Online payment (no shipping)";

export function tokenRequest(config: PaytrConfig, order: CardOrder, now = Date.now()): Record<string, string> {
  const fields: TokenFields = {
    user_ip: order.customer.ip,
    merchant_oid: merchantOidOf(order.orderId),
    email: order.customer.email.trim().slice(0, 100),
    payment_amount: writeAmount(order.amount, PAYTR_KURUS),
    user_basket: basketOf(order),
    // One payment, no installments: PayTR then collects exactly payment_amount (installments may add interest).
    no_installment: "1",
    max_installment: "0",
    currency: "TL",
    test_mode: config.testMode ? "1" : "0",
  };
  const name = `${order.customer.name} ${order.customer.surname}`.trim() || order.customer.id;
  return {
    merchant_id: config.merchantId,
    ...fields,
    paytr_token: tokenRequestHash(config, fields),
    user_name: name.slice(0, 60),
    user_address: NO_ADDRESS,
    user_phone: order.customer.phone.trim().slice(0, 20),
    merchant_ok_url: order.returnUrl,
    merchant_fail_url: order.returnUrl,
    debug_on: "0",
    timeout_limit: String(timeoutMinutes(order.expiresAt, now)),
    lang: config.lang ?? order.lang,
  };
}

/** The status inquiry ("Durum Sorgu") about the payment PayTR knows as `merchantOid`. */
export function statusRequest(config: PaytrConfig, merchantOid: string): Record<string, string> {
  return {
    merchant_id: config.merchantId,
    merchant_oid: merchantOid,
    paytr_token: statusInquiryToken(config, merchantOid),
  };
}

/** Our refund id, alphanumeric as PayTR wants it: the status inquiry lists it on the refund it made. */
export const referenceNoOf = (refundId: string) => refundId.replace(/[^A-Za-z0-9]/g, "").slice(0, 64);

/** A refund ("İade") of `amount` under our refund's reference_no; null for an amount PayTR does not take. */
export function refundRequest(
  config: PaytrConfig,
  merchantOid: string,
  amount: string,
  referenceNo: string,
): Record<string, string> | null {
  const returnAmount = writeAmountOrNull(amount, PAYTR_REFUND_AMOUNT);
  if (returnAmount === null) return null;
  return {
    merchant_id: config.merchantId,
    merchant_oid: merchantOid,
    return_amount: returnAmount,
    reference_no: referenceNo,
    paytr_token: refundToken(config, merchantOid, returnAmount),
  };
}
