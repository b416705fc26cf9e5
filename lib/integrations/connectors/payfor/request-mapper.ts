import { randomBytes } from "node:crypto";
import { writeAmount, type AmountReading, type AmountWriting } from "../amount-format";
import { lettersAndDigitsOrderId } from "../order-id-alphabet";
import type { CardOrder } from "../ports";
import type { PayforConfig } from "./config";
import { formHash } from "./crypt";

/**
 * What we send PayFor, field by field as mewebstudio/pos's PayForPosRequestDataMapper and QNB's PayFor script
 * samples name them. Amounts are decimal lira with a point ("1.01", "100"), currencies ISO 4217 numeric.
 */

/** ISO 4217 alpha -> the numeric code PayFor takes in `Currency` (mewebstudio/pos's currency mappings). */
const CURRENCY_CODES: Record<string, string> = {
  TRY: "949",
  USD: "840",
  EUR: "978",
  GBP: "826",
  JPY: "392",
  RUB: "643",
};
const CURRENCY_ALPHA = Object.fromEntries(Object.entries(CURRENCY_CODES).map(([alpha, code]) => [code, alpha]));

export function currencyCode(alpha: string): string {
  const code = CURRENCY_CODES[alpha.toUpperCase()];
  if (!code) throw new Error(`PayFor does not take currency ${alpha}`);
  return code;
}

export function currencyCodeOrNull(alpha: string): string | null {
  return CURRENCY_CODES[alpha.toUpperCase()] ?? null;
}

/** "949" -> "TRY"; null for a code PayFor's mappings do not name. */
export function currencyAlpha(code: string): string | null {
  return CURRENCY_ALPHA[code.trim()] ?? null;
}

/**
 * The order id PayFor knows an attempt by: letters and digits only ("ORD-7K2M…-2" -> "ORD7K2M…2", an attempt's
 * number still its own), as every PayFor sample id is; at most 50, the length QNB's PayFor forms give OrderId and
 * OrgOrderId. The checkout stores it as the attempt's partner reference, which is how the return finds its attempt.
 */
export function payforOrderIdOf(orderId: string): string {
  const id = lettersAndDigitsOrderId(orderId, 50);
  if (id === null) throw new Error("PayFor order ids are 1-50 letters and digits");
  return id;
}

/** "150.00" -> "150", "249.90" -> "249.9": PayFor's decimal amount, as its samples send and its answers write it. */
export const PAYFOR_AMOUNT: AmountWriting = { unit: "major", wholeDigits: 13, places: "trimmed" };
/** A PayFor amount ("1.01", "100", "249.9"). */
export const PAYFOR_ANSWERED_AMOUNT: AmountReading = { unit: "major", wholeDigits: 13 };

/** A fresh `Rnd`: 24 hexadecimal characters, as mewebstudio/pos's generateRandomString makes it. */
function rnd(): string {
  return randomBytes(12).toString("hex").toUpperCase();
}

/**
 * The 3-D Host form (SecureType 3DHost) our card-step page posts to PayFor's 3DHost.aspx: PayFor hosts the card
 * form and 3-D Secure, provisions the sale itself and posts the signed outcome to OkUrl or FailUrl. Both are our
 * return URL, which tells outcomes apart by the signed fields, not by the URL. One payment in full: TxnType Auth,
 * InstallmentCount 0.
 */
export function buildHostForm(config: PayforConfig, order: CardOrder, random = rnd()): Record<string, string> {
  const signed = {
    mbrId: config.mbrId,
    orderId: payforOrderIdOf(order.orderId),
    amount: writeAmount(order.amount, PAYFOR_AMOUNT),
    okUrl: order.returnUrl,
    failUrl: order.returnUrl,
    txnType: "Auth",
    installments: "0",
    rnd: random,
  };
  return {
    MbrId: signed.mbrId,
    MerchantID: config.merchantId,
    UserCode: config.username,
    OrderId: signed.orderId,
    Lang: config.lang ?? order.lang,
    SecureType: "3DHost",
    TxnType: signed.txnType,
    PurchAmount: signed.amount,
    InstallmentCount: signed.installments,
    Currency: currencyCode(order.currency),
    OkUrl: signed.okUrl,
    FailUrl: signed.failUrl,
    Rnd: signed.rnd,
    Hash: formHash(signed, config.storeKey),
  };
}

/** The account fields every XMLGate request starts with. */
function account(config: PayforConfig): Record<string, string> {
  return { MerchantId: config.merchantId, UserCode: config.username, UserPass: config.password, MbrId: config.mbrId };
}

/** OrderInquiry: the order's payment as PayFor holds it (approved, voided, refunded). */
export function inquiryRequest(config: PayforConfig, bankOrderId: string, lang = "tr"): Record<string, string> {
  return { ...account(config), OrgOrderId: bankOrderId, SecureType: "Inquiry", Lang: lang, TxnType: "OrderInquiry" };
}

/** TxnHistory of one order: every transaction of it (its sale, voids and refunds, those that failed too). */
export function orderHistoryRequest(config: PayforConfig, bankOrderId: string, lang = "tr"): Record<string, string> {
  return { ...account(config), SecureType: "Report", OrderId: bankOrderId, TxnType: "TxnHistory", Lang: lang };
}

/** TxnHistory of one day (ReqDate YYYYMMDD, the bank's Turkish date): every transaction of the merchant that day. */
export function dayHistoryRequest(config: PayforConfig, reqDate: string, lang = "tr"): Record<string, string> {
  return { ...account(config), SecureType: "Report", ReqDate: reqDate, TxnType: "TxnHistory", Lang: lang };
}

/** Void: cancels the whole sale while its batch is open (the day's); nothing reaches the card. */
export function voidRequest(
  config: PayforConfig,
  bankOrderId: string,
  currency: string,
  lang = "tr",
): Record<string, string> {
  return {
    ...account(config),
    OrgOrderId: bankOrderId,
    SecureType: "NonSecure",
    TxnType: "Void",
    Currency: currencyCode(currency),
    Lang: lang,
  };
}

/** Refund: gives back part or all of a sale whose batch is closed ("farklı batch", mewebstudio/pos's note). */
export function refundRequest(
  config: PayforConfig,
  bankOrderId: string,
  amount: string,
  currency: string,
  lang = "tr",
): Record<string, string> {
  return {
    ...account(config),
    SecureType: "NonSecure",
    Lang: lang,
    OrgOrderId: bankOrderId,
    TxnType: "Refund",
    PurchAmount: writeAmount(amount, PAYFOR_AMOUNT),
    Currency: currencyCode(currency),
  };
}
