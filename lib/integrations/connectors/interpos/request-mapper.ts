import { randomBytes } from "node:crypto";
import { writeAmount, type AmountReading, type AmountWriting } from "../amount-format";
import { lettersAndDigitsOrderId } from "../order-id-alphabet";
import type { CardOrder } from "../ports";
import type { InterposConfig } from "./config";
import { formHash } from "./crypt";

/**
 * Our orders in InterVPOS's words (mewebstudio/pos InterPosRequestDataMapper): the 3D_HOST payment form, and the API
 * requests of the status inquiry (StatusHistory), the void (Void) and the refund (Refund), each signed by the API
 * user's UserCode/UserPass in the body and naming the sale by `orgOrderId`.
 */

/** ISO 4217 numeric codes, as InterVPOS's `Currency` takes them (mewebstudio's currency mappings). */
const CURRENCY_CODES: Record<string, string> = { TRY: "949", USD: "840", EUR: "978", GBP: "826" };

export function currencyCode(alpha: string): string {
  const code = CURRENCY_CODES[alpha.toUpperCase()];
  if (!code) throw new Error(`InterVPOS does not take currency ${alpha}`);
  return code;
}

export function currencyCodeOrNull(alpha: string): string | null {
  return CURRENCY_CODES[alpha.toUpperCase()] ?? null;
}

/**
 * The order id InterVPOS knows an attempt by. The bank's samples (mewebstudio's fixtures: "20221225E1DF",
 * "SYSOID121327781") use letters and digits only, so anything else is dropped ("ORD-7K2M…-2" -> "ORD7K2M…2": an
 * attempt's number stays its own), at most 20 (the shortest limit of the Turkish banks' hosted pages; ours are 15
 * to 17). The checkout stores it as the attempt's partner reference, which is how the return finds its attempt.
 */
export function interposOrderIdOf(orderId: string): string {
  const id = lettersAndDigitsOrderId(orderId, 20);
  if (id === null) throw new Error("InterVPOS order ids are 1-20 letters and digits");
  return id;
}

/** "1250.75" stays "1250.75": the form's and the refund's PurchAmount is a dot decimal with two places. */
export const INTERPOS_AMOUNT: AmountWriting = { unit: "major", wholeDigits: 13, places: "two" };

/**
 * InterVPOS writes amounts in its answers the Turkish way ("1,01", "1.056,20", "0"; mewebstudio's
 * InterPosResponseDataMapper::formatAmount drops "." and reads "," as the decimal point), and its 3-D return echoes
 * PurchAmount so ("1,01", or "1" for 1.00). A plain "150.00" (dot, two places: no thousands group has two digits) is
 * read as the decimal it is.
 */
export const INTERPOS_ANSWERED_AMOUNT: [AmountReading, AmountReading] = [
  { unit: "major", wholeDigits: 13, places: "two" },
  { unit: "major", wholeDigits: 13, separators: ",", thousands: true },
];

/** 24 random upper-case hex digits, as mewebstudio's generateRandomString makes `Rnd`. */
function rnd(): string {
  return randomBytes(12).toString("hex").toUpperCase();
}

/**
 * The 3D_HOST form our card-step page posts to 3DHost.aspx: InterVPOS hosts the card form and 3-D Secure, charges the
 * card itself (TxnType Auth) and posts the signed outcome to OkUrl or FailUrl. Both are our return URL, which tells
 * outcomes apart by the signed fields, not by the URL. No UserCode/UserPass: the host model does not take them.
 */
export function buildHostForm(
  config: InterposConfig,
  order: CardOrder,
  random: string = rnd(),
): Record<string, string> {
  const signed = {
    shopCode: config.merchantId,
    orderId: interposOrderIdOf(order.orderId),
    purchAmount: writeAmount(order.amount, INTERPOS_AMOUNT),
    okUrl: order.returnUrl,
    failUrl: order.returnUrl,
    txnType: "Auth",
    installmentCount: "",
    rnd: random,
  };
  return {
    ShopCode: signed.shopCode,
    TxnType: signed.txnType,
    SecureType: "3DHost",
    PurchAmount: signed.purchAmount,
    OrderId: signed.orderId,
    OkUrl: signed.okUrl,
    FailUrl: signed.failUrl,
    Rnd: signed.rnd,
    Lang: config.lang ?? order.lang,
    Currency: currencyCode(order.currency),
    InstallmentCount: signed.installmentCount,
    Hash: formHash(signed, config.storeKey),
  };
}

/** The API user's fields every API request starts with. */
function account(config: InterposConfig): Record<string, string> {
  return { UserCode: config.username, UserPass: config.password, ShopCode: config.merchantId };
}

/** StatusHistory: the order's sale as the bank holds it (amount, state, refunded amount, void date). */
export function statusRequest(config: InterposConfig, interposOrderId: string): Record<string, string> {
  return {
    ...account(config),
    orgOrderId: interposOrderId,
    TxnType: "StatusHistory",
    SecureType: "NonSecure",
    Lang: config.lang ?? "tr",
  };
}

/** Void: cancels the whole sale before the bank's end of day (nothing reaches the card's statement). */
export function voidRequest(config: InterposConfig, interposOrderId: string): Record<string, string> {
  return {
    ...account(config),
    orgOrderId: interposOrderId,
    TxnType: "Void",
    SecureType: "NonSecure",
    Lang: config.lang ?? "tr",
  };
}

/** Refund: gives back part or all of a sale after the end of day. */
export function refundRequest(
  config: InterposConfig,
  interposOrderId: string,
  amount: string,
  currency: string,
): Record<string, string> {
  return {
    ...account(config),
    orgOrderId: interposOrderId,
    PurchAmount: writeAmount(amount, INTERPOS_AMOUNT),
    Currency: currencyCode(currency),
    TxnType: "Refund",
    SecureType: "NonSecure",
    Lang: config.lang ?? "tr",
    MOTO: "0",
  };
}
