import { formatLocalIso } from "@/lib/base/time/format";
import { writeAmount, type AmountReading, type AmountWriting } from "../amount-format";
import { lettersAndDigitsOrderId } from "../order-id-alphabet";
import type { CardOrder } from "../ports";
import type { AkbankPosConfig } from "./config";
import { formHash, randomNumber } from "./crypt";

/**
 * Akbank's requests as mewebstudio/pos builds them (src/DataMapper/RequestDataMapper/AkbankPosRequestDataMapper.php):
 * the hosted-page form (paymentModel 3D_PAY_HOSTING, txnCode 3000) and the JSON API's order history (1010), cancel
 * (1003), refund (1002) and date-range history (portal/report/transaction) requests.
 */

/** The API version every transaction request names. */
export const API_VERSION = "1.00";
export const TXN = { sale3d: "3000", refund: "1002", cancel: "1003", orderHistory: "1010" } as const;

/** ISO 4217 alpha -> Akbank's numeric code (mewebstudio/pos's $currencyMappings). */
const CURRENCY_CODES: Record<string, number> = { TRY: 949, USD: 840, EUR: 978, JPY: 392, RUB: 643 };
const CURRENCY_ALPHA = Object.fromEntries(Object.entries(CURRENCY_CODES).map(([a, n]) => [String(n), a]));

export function currencyCode(alpha: string): number {
  const code = CURRENCY_CODES[alpha.toUpperCase()];
  if (code === undefined) throw new Error(`Akbank does not take currency ${alpha}`);
  return code;
}

/** The alpha code of a numeric one as Akbank writes it (949 or "949"), or null. */
export function currencyAlpha(code: unknown): string | null {
  return (typeof code === "number" || typeof code === "string" ? CURRENCY_ALPHA[String(code).trim()] : null) ?? null;
}

/**
 * The order id Akbank knows an attempt by. mewebstudio/pos's fixtures send letters and digits ("20240418BA6C") and
 * UUIDs up to 36 characters; we send letters and digits only ("ORD-7K2M…-2" -> "ORD7K2M…2": the attempt's number
 * stays its own), at most 36. The checkout stores it as the attempt's partner reference, which is how the return
 * (naming only `orderId`) finds its attempt.
 */
export function akbankOrderIdOf(orderId: string): string {
  const id = lettersAndDigitsOrderId(orderId, 36);
  if (id === null) throw new Error("Akbank order ids are 1-36 letters and digits");
  return id;
}

/** Akbank's amounts are decimals with a dot: two places in what we send ("1250.75"). */
export const AKBANK_AMOUNT: AmountWriting = { unit: "major", wholeDigits: 13, places: "two" };
/** Its answers write at most two places, as a string or a JSON number ("1.01", 4, "10.01"). */
export const AKBANK_ANSWERED_AMOUNT: AmountReading = { unit: "major", wholeDigits: 13, numbers: true };

/** "2024-04-14T16:45:30.000": Turkish local time, milliseconds given as the bank writes them. */
export function akbankDateTime(date: Date, withMs = false): string {
  const ms = withMs ? String(date.getTime() % 1000).padStart(3, "0") : "000";
  return `${formatLocalIso(date, "Europe/Istanbul")}.${ms}`;
}

/**
 * The hosted-page form (3D_PAY_HOSTING) our card-step page posts to Akbank's payhosting page: the bank hosts the
 * card form and 3-D Secure, provisions the sale and posts its signed outcome back to okUrl or failUrl. Both are our
 * return URL, which tells outcomes apart by the signed fields, not by the URL.
 */
export function buildPaymentPageForm(
  config: AkbankPosConfig,
  order: CardOrder,
  now: Date = new Date(),
): Record<string, string> {
  const fields: Record<string, string> = {
    paymentModel: "3D_PAY_HOSTING",
    txnCode: TXN.sale3d,
    merchantSafeId: config.merchantId,
    terminalSafeId: config.terminalId,
    orderId: akbankOrderIdOf(order.orderId),
    lang: (config.lang ?? order.lang) === "en" ? "EN" : "TR",
    amount: writeAmount(order.amount, AKBANK_AMOUNT),
    currencyCode: String(currencyCode(order.currency)),
    // Single payment: Akbank takes 1 for "no installments" (mapInstallment: max(n, 1)).
    installCount: "1",
    okUrl: order.returnUrl,
    failUrl: order.returnUrl,
    randomNumber: randomNumber(),
    requestDateTime: akbankDateTime(now),
  };
  return { ...fields, hash: formHash(fields, config.secretKey) };
}

export type ApiRequest = Record<string, unknown>;

function base(config: AkbankPosConfig, txnCode: string, now: Date): ApiRequest {
  return {
    terminal: { merchantSafeId: config.merchantId, terminalSafeId: config.terminalId },
    version: API_VERSION,
    txnCode,
    requestDateTime: akbankDateTime(now),
    randomNumber: randomNumber(),
  };
}

/** 1010: every transaction of the order (its sale, and the refunds naming it as orgOrderId). */
export function orderHistoryRequest(config: AkbankPosConfig, akbankOrderId: string, now = new Date()): ApiRequest {
  return { ...base(config, TXN.orderHistory, now), order: { orderId: akbankOrderId } };
}

/** 1003: cancels the order's sale before the end of day (whole; nothing reaches the card). */
export function cancelRequest(config: AkbankPosConfig, akbankOrderId: string, now = new Date()): ApiRequest {
  return { ...base(config, TXN.cancel, now), order: { orderId: akbankOrderId } };
}

/** 1002: gives back `amount` of the order's settled sale (the transaction block makes it partial where it is less). */
export function refundRequest(
  config: AkbankPosConfig,
  akbankOrderId: string,
  amount: string,
  currency: string,
  now = new Date(),
): ApiRequest {
  return {
    ...base(config, TXN.refund, now),
    order: { orderId: akbankOrderId },
    transaction: { amount: writeAmount(amount, AKBANK_AMOUNT), currencyCode: currencyCode(currency) },
  };
}

/**
 * The date-range history (portal/report/transaction): every transaction of the terminal between two Turkish local
 * times, at most a day apart. mewebstudio/pos sends it with the terminal, the range and a randomNumber only.
 */
export function historyRequest(config: AkbankPosConfig, start: Date, end: Date): ApiRequest {
  return {
    terminal: { merchantSafeId: config.merchantId, terminalSafeId: config.terminalId },
    report: { startDateTime: akbankDateTime(start, true), endDateTime: akbankDateTime(end, true) },
    randomNumber: randomNumber(),
  };
}
