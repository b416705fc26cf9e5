import { writeAmount, type AmountReading, type AmountWriting } from "../amount-format";
import type { CardOrder } from "../ports";
import type { CC5Value } from "./cc5-xml";
import type { EstConfig } from "./config";
import { hashFields, randomNonce } from "./crypt";

/** ISO 4217 alpha -> the numeric code EST expects in `currency` / `Currency`. */
const CURRENCY_CODES: Record<string, string> = { TRY: "949", USD: "840", EUR: "978", GBP: "826" };

export function currencyCode(alpha: string): string {
  const code = CURRENCY_CODES[alpha.toUpperCase()];
  if (!code) throw new Error(`EST does not take currency ${alpha}`);
  return code;
}

export function currencyAlpha(numeric: string): string | null {
  return Object.entries(CURRENCY_CODES).find(([, code]) => code === numeric)?.[0] ?? null;
}

/** Order ids EST accepts: up to 64 of letters, digits, "-" and "_" (the gate refuses other characters). */
export function assertOrderId(orderId: string): void {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(orderId)) throw new Error("EST order ids are 1-64 letters, digits, '-' or '_'");
}

/** Amounts to the gate and the API: two places and a dot, as they expect ("1250.75"). */
export const EST_AMOUNT: AmountWriting = { unit: "major", wholeDigits: 15, places: "two" };
/** The gate's return echoes `amount` as a decimal of up to two places ("1.01", "1.1", "1"). */
export const EST_RETURNED_AMOUNT: AmountReading = { unit: "major", wholeDigits: 15 };
/** ORDERSTATUS (ORIG_TRANS_AMT) and ORDERHISTORY (each TRX line) write amounts in kuruş ("101" is 1.01). */
export const EST_KURUS: AmountReading = { unit: "minor" };

/**
 * The 3D_PAY_HOSTING form our payment page posts to the bank's 3-D gate. The bank hosts the card form and
 * 3-D Secure, charges the card and posts the outcome back to okUrl (approved) or failUrl (anything else);
 * both point at our return URL, which tells them apart by the signed fields, not by the URL. `encoding`
 * asks the gate to read our UTF-8 values as UTF-8; it is not part of the hash.
 */
export function buildGateForm(
  config: EstConfig,
  order: CardOrder,
  rnd: string = randomNonce(),
): Record<string, string> {
  assertOrderId(order.orderId);
  const fields: Record<string, string> = {
    clientid: config.clientId,
    storetype: "3d_pay_hosting",
    TranType: "Auth",
    amount: writeAmount(order.amount, EST_AMOUNT),
    currency: currencyCode(order.currency),
    oid: order.orderId,
    okUrl: order.returnUrl,
    failUrl: order.returnUrl,
    lang: config.lang ?? order.lang,
    rnd,
    taksit: "",
    Email: order.customer.email,
    BillToName: `${order.customer.name} ${order.customer.surname}`.trim().slice(0, 64),
    hashAlgorithm: "ver3",
  };
  return { ...fields, hash: hashFields(fields, config.storeKey), encoding: "UTF-8" };
}

function credentials(config: EstConfig): Record<string, string> {
  return { Name: config.username, Password: config.password, ClientId: config.clientId };
}

/** ORDERSTATUS query: the order's last transaction and its state at the bank. */
export function statusRequest(config: EstConfig, orderId: string): Record<string, CC5Value> {
  return { ...credentials(config), OrderId: orderId, Extra: { ORDERSTATUS: "QUERY" } };
}

/** ORDERHISTORY query: every transaction of the order (the sale, its refunds and voids), as TRX1..TRXn lines. */
export function historyRequest(config: EstConfig, orderId: string): Record<string, CC5Value> {
  return { ...credentials(config), OrderId: orderId, Extra: { ORDERHISTORY: "QUERY" } };
}

/**
 * A refund (Type=Credit) of part or all of a settled sale, named by the sale's order id, in the order's
 * currency. The API takes no id of the refund's own: a retry is the same request, sent only after the
 * order's history showed the first one was not made.
 */
export function refundRequest(
  config: EstConfig,
  orderId: string,
  amount: string,
  currency: string,
): Record<string, CC5Value> {
  return {
    ...credentials(config),
    Type: "Credit",
    OrderId: orderId,
    Total: writeAmount(amount, EST_AMOUNT),
    Currency: currencyCode(currency),
  };
}
