import { writeAmount, type AmountReading, type AmountWriting } from "../amount-format";
import { lettersAndDigitsOrderId } from "../order-id-alphabet";
import type { CardOrder } from "../ports";
import type { GarantiConfig } from "./config";
import { apiHash, formHash } from "./crypt";
import type { XmlTree } from "./gvps-xml";

/** The API version whose hashes are SHA-512 (older versions sign with SHA-1). */
export const API_VERSION = "512";

/** ISO 4217 alpha -> the numeric code GVP expects in `txncurrencycode` / `CurrencyCode`. */
const CURRENCY_CODES: Record<string, string> = { TRY: "949", USD: "840", EUR: "978", GBP: "826" };

export function currencyCode(alpha: string): string {
  const code = CURRENCY_CODES[alpha.toUpperCase()];
  if (!code) throw new Error(`Garanti does not take currency ${alpha}`);
  return code;
}

/** The numeric code of an alpha one, or null for a currency GVP does not take. */
export function currencyCodeOrNull(alpha: string): string | null {
  return CURRENCY_CODES[alpha.toUpperCase()] ?? null;
}

/**
 * The order id GVP knows an attempt by: GVP's published samples and field list use letters and digits only, so
 * anything else is dropped ("ORD-7K2M…-2" -> "ORD7K2M…2", an attempt's number still its own), at most 20 (the
 * shortest limit of the Turkish banks' hosted pages; ours are 15 to 17). The checkout stores it as the attempt's
 * partner reference, which is how the return (naming only `oid`) finds its attempt.
 */
export function gvpOrderIdOf(orderId: string): string {
  const id = lettersAndDigitsOrderId(orderId, 20);
  if (id === null) throw new Error("Garanti order ids are 1-20 letters and digits");
  return id;
}

/**
 * The ids GVP may hold an order under, the likeliest first. An attempt whose partner reference is the
 * letters-and-digits id is asked about under that alone. One opened before GVP was sent only letters and digits
 * went as our order id is (hyphens included; its stored reference is that id): under that id first, then the new
 * one, which its checkout, opened again since, posts. Where the reference says neither (a refund names the
 * payment's own reference), both, the id sent now first.
 */
export function gvpOrderIdsFor(order: { orderId: string; partnerReference?: string | null }): string[] {
  const now = gvpOrderIdOf(order.orderId);
  if (now === order.orderId || order.partnerReference === now) return [now];
  if (order.partnerReference === order.orderId) return [order.orderId, now];
  return [now, order.orderId];
}

/** GVP's amounts are whole kuruş without a separator, both ways ("1250.75" is "125075"). */
export const GVP_KURUS: AmountWriting = { unit: "minor", wholeDigits: 13 };
export const GVP_ANSWERED_KURUS: AmountReading = { unit: "minor", wholeDigits: 15 };

/**
 * The common payment page form (3D_OOS_PAY) our payment page posts to GVP's 3-D engine: GVP hosts the card
 * form and 3-D Secure, provisions the sale itself and posts the signed outcome back to successurl or
 * errorurl. Both are our return URL, which tells outcomes apart by the signed fields, not by the URL.
 * `secure3dhash` signs terminal, order, amount, currency, both URLs, type and installments.
 */
export function buildPaymentPageForm(
  config: GarantiConfig,
  order: CardOrder,
  now: Date = new Date(),
): Record<string, string> {
  const signed = {
    terminalId: config.terminalId,
    orderId: gvpOrderIdOf(order.orderId),
    amount: writeAmount(order.amount, GVP_KURUS),
    currencyCode: currencyCode(order.currency),
    successUrl: order.returnUrl,
    errorUrl: order.returnUrl,
    txnType: "sales",
    installments: "",
  };
  return {
    mode: config.mode,
    apiversion: API_VERSION,
    secure3dsecuritylevel: "3D_OOS_PAY",
    terminalprovuserid: config.userId,
    terminaluserid: config.userId,
    terminalmerchantid: config.merchantId,
    terminalid: signed.terminalId,
    orderid: signed.orderId,
    txntype: signed.txnType,
    txnamount: signed.amount,
    txncurrencycode: signed.currencyCode,
    txninstallmentcount: signed.installments,
    successurl: signed.successUrl,
    errorurl: signed.errorUrl,
    customeripaddress: order.customer.ip || "127.0.0.1",
    customeremailaddress: order.customer.email,
    lang: config.lang ?? order.lang,
    txntimestamp: now.toISOString().replace(/\.\d{3}Z$/, "Z"),
    refreshtime: "1",
    ...(config.companyName ? { companyname: config.companyName } : {}),
    secure3dhash: formHash(signed, config.storeKey, config.password),
  };
}

type Call = {
  orderId: string;
  type: string;
  amount: string;
  currency: string;
  refund?: boolean;
  originalRetrefNum?: string;
};

/**
 * A <GVPSRequest> body: the terminal signed by the calling provision user (the refund user for voids and
 * refunds), no card (we never hold one), and the transaction. Inquiries and voids carry the fixed amount 100
 * (1.00) GVP asks for; refunds the refunded amount.
 */
function apiRequest(config: GarantiConfig, call: Call): XmlTree {
  const user = call.refund ? config.refundUserId : config.userId;
  const password = call.refund ? config.refundPassword : config.password;
  const currency = currencyCode(call.currency);
  return {
    Mode: config.mode,
    Version: API_VERSION,
    Terminal: {
      ProvUserID: user,
      HashData: apiHash(
        { orderId: call.orderId, terminalId: config.terminalId, amount: call.amount, currencyCode: currency },
        password,
      ),
      UserID: user,
      ID: config.terminalId,
      MerchantID: config.merchantId,
    },
    Customer: { IPAddress: "", EmailAddress: "" },
    Order: { OrderID: call.orderId, GroupID: "" },
    Transaction: {
      Type: call.type,
      InstallmentCnt: "",
      Amount: call.amount,
      CurrencyCode: currency,
      CardholderPresentCode: "0",
      MotoInd: "N",
      ...(call.originalRetrefNum !== undefined ? { OriginalRetrefNum: call.originalRetrefNum } : {}),
    },
  };
}

/** orderhistoryinq: every transaction of the order (its sale, voids and refunds) with its state. */
export function historyRequest(config: GarantiConfig, orderId: string, currency = "TRY"): XmlTree {
  return apiRequest(config, { orderId, type: "orderhistoryinq", amount: "100", currency });
}

/** void: cancels the day's sale named by its host reference before the end of day; nothing reaches the card. */
export function voidRequest(config: GarantiConfig, orderId: string, retrefNum: string, currency = "TRY"): XmlTree {
  return apiRequest(config, {
    orderId,
    type: "void",
    amount: "100",
    currency,
    refund: true,
    originalRetrefNum: retrefNum,
  });
}

/** refund: gives back part or all of a settled sale. */
export function refundRequest(
  config: GarantiConfig,
  orderId: string,
  amount: string,
  retrefNum: string,
  currency = "TRY",
): XmlTree {
  return apiRequest(config, {
    orderId,
    type: "refund",
    amount: writeAmount(amount, GVP_KURUS),
    currency,
    refund: true,
    originalRetrefNum: retrefNum,
  });
}
