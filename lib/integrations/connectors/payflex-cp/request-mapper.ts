import { writeAmount, type AmountReading, type AmountWriting } from "../amount-format";
import { lettersAndDigitsOrderId } from "../order-id-alphabet";
import type { CardOrder } from "../ports";
import type { PayflexCpConfig } from "./config";
import { registrationHash } from "./crypt";
import { buildXml } from "./xml";

/**
 * What we send PayFlex, field for field as mewebstudio/pos sends it: the common payment registration
 * (PayFlexCPV4PosRequestDataMapper::create3DEnrollmentCheckRequestData), the common payment query
 * (create3DPaymentStatusRequestData), and the virtual POS's search, void and refund
 * (PayFlexV4PosRequestDataMapper::createStatusRequestData, createCancelRequestData, createRefundRequestData).
 */

const CURRENCY_CODES: Record<string, string> = { TRY: "949", USD: "840", EUR: "978", GBP: "826" };

export function currencyCode(alpha: string): string {
  const code = CURRENCY_CODES[alpha.toUpperCase()];
  if (!code) throw new Error(`PayFlex does not take currency ${alpha}`);
  return code;
}

export function currencyAlpha(numeric: string): string | null {
  return Object.entries(CURRENCY_CODES).find(([, code]) => code === numeric.trim())?.[0] ?? null;
}

/**
 * The id PayFlex knows an attempt by: our order id in letters and digits, at most 20 ("ORD-7K2M…-2" -> "ORD7K2M…2":
 * an attempt's number stays its own). mewebstudio/pos's examples send 12 letters and digits; VakıfBank's id fields
 * take letters and digits, and 20 is the shortest limit among the Turkish virtual POS hosts (decisions file).
 */
export function payflexOrderIdOf(orderId: string): string {
  const id = lettersAndDigitsOrderId(orderId, 20);
  if (id === null) throw new Error("PayFlex order ids are 1-20 letters and digits");
  return id;
}

/** "1250.75" as it is: PayFlex takes two places and a dot (formatAmount: number_format($amount, 2, '.', '')). */
export const PAYFLEX_AMOUNT: AmountWriting = { unit: "major", wholeDigits: 13, places: "two" };
/** Its answers: "1,01" (the common payment query) or "90.50" (the search). */
export const PAYFLEX_ANSWERED_AMOUNT: AmountReading = { unit: "major", wholeDigits: 13, separators: ".," };

/**
 * The registration of one checkout (RegisterTransaction). IsSecure is always true (3-D Secure on the bank's page);
 * AllowNotEnrolledCard lets the page charge a card outside the 3-D programme ("Half Secure", as the bank's document
 * quoted in mewebstudio/pos says), so it is asked only where the dealer accepts half 3-D. SuccessUrl and FailUrl are
 * both our return URL: the outcome is read from the bank, never from which URL the browser came back to.
 */
export function registrationFields(config: PayflexCpConfig, order: CardOrder): Record<string, string> {
  const fields = {
    HostMerchantId: config.merchantId,
    MerchantPassword: config.password,
    HostTerminalId: config.terminalId,
    TransactionType: "Sale",
    AmountCode: currencyCode(order.currency),
    Amount: writeAmount(order.amount, PAYFLEX_AMOUNT),
    OrderID: payflexOrderIdOf(order.orderId),
    IsSecure: "true",
    AllowNotEnrolledCard: config.acceptHalf3D ? "true" : "false",
    SuccessUrl: order.returnUrl,
    FailUrl: order.returnUrl,
    RequestLanguage: (config.lang ?? order.lang) === "tr" ? "tr-TR" : "en-US",
    Extract: "",
    CustomItems: "",
  };
  return { ...fields, HashedData: registrationHash(fields) };
}

/** The common payment query: the outcome of the transaction the customer's browser came back from. */
export function paymentQueryFields(
  config: PayflexCpConfig,
  transactionId: string,
  paymentToken: string,
): Record<string, string> {
  return {
    HostMerchantId: config.merchantId,
    Password: config.password,
    TransactionId: transactionId,
    PaymentToken: paymentToken,
  };
}

/**
 * The virtual POS search of one order (Search.aspx). "Either TransactionId or OrderId is required; searched by
 * OrderId, the order's successful transaction is shown if it has one, else the last one sent" (the bank's words,
 * quoted in PayFlexV4PosRequestDataMapper).
 */
export function searchRequest(config: PayflexCpConfig, bankOrderId: string): string {
  return buildXml("SearchRequest", {
    MerchantCriteria: { HostMerchantId: config.merchantId, MerchantPassword: config.password },
    TransactionCriteria: { TransactionId: "", OrderId: bankOrderId, AuthCode: "" },
  });
}

function vposCredentials(config: PayflexCpConfig) {
  return { MerchantId: config.merchantId, Password: config.password };
}

/** A void ("iptal") of the sale the bank knows by `saleTransactionId`: the whole sale, on the day it was made. */
export function cancelRequest(config: PayflexCpConfig, saleTransactionId: string): string {
  return buildXml("VposRequest", {
    ...vposCredentials(config),
    TransactionType: "Cancel",
    ReferenceTransactionId: saleTransactionId,
    ...(config.clientIp ? { ClientIp: config.clientIp } : {}),
  });
}

/** A refund ("iade") of `amount` of the sale the bank knows by `saleTransactionId`. */
export function refundRequest(config: PayflexCpConfig, saleTransactionId: string, amount: string): string {
  return buildXml("VposRequest", {
    ...vposCredentials(config),
    TransactionType: "Refund",
    ReferenceTransactionId: saleTransactionId,
    ...(config.clientIp ? { ClientIp: config.clientIp } : {}),
    CurrencyAmount: writeAmount(amount, PAYFLEX_AMOUNT),
  });
}
