import { writeAmount, type AmountReading, type AmountWriting } from "../amount-format";
import type { CardOrder } from "../ports";

/**
 * Our order in iyzico's wire format (the official client's request fields). Our order id is both basketId
 * and conversationId, so every answer names it. iyzico requires a buyer and billing address the payment
 * page does not ask for; a deposit has no goods or shipping, so these carry fixed, documented values
 * (docs/connectors.md, section `iyzico`) and the customer's own name, e-mail, phone and IP.
 */

/**
 * iyzico requires an 11-digit identity number; merchants without the customer's TCKN send this documented placeholder.
 */
export const PLACEHOLDER_IDENTITY_NUMBER = "11111111111";
const CITY = "Istanbul";
const COUNTRY = "Turkey";
const ADDRESS = "Online payment (no shipping)";

/**
 * Prices on iyzico's wire. The official client passes every price through parseFloat before sending ("1250.70" ->
 * "1250.7", "100.00" -> "100.0"), and iyzico answers prices as JSON numbers (reports as strings with trailing zeros,
 * "1250.70000000"). Both are exact only while a price has at most 15 significant digits (what a double holds), so
 * larger amounts are refused before any call rather than rounded.
 */
export const IYZICO_PRICE: AmountWriting = { unit: "major", wholeDigits: 13, places: "atLeastOne" };
export const IYZICO_ANSWERED_PRICE: AmountReading = {
  unit: "major",
  wholeDigits: 13,
  trailingZeros: true,
  numbers: true,
};

export function checkoutInitializeRequest(order: CardOrder): Record<string, unknown> {
  const price = writeAmount(order.amount, IYZICO_PRICE);
  const contactName = `${order.customer.name} ${order.customer.surname}`.trim();
  const address = { contactName, city: CITY, country: COUNTRY, address: ADDRESS };
  return {
    locale: order.lang,
    conversationId: order.orderId,
    price,
    paidPrice: price,
    currency: order.currency,
    basketId: order.orderId,
    paymentGroup: "PRODUCT",
    callbackUrl: order.returnUrl,
    // One payment, no instalments: the amount credited is the amount charged.
    enabledInstallments: [1],
    buyer: {
      id: order.customer.id,
      name: order.customer.name,
      surname: order.customer.surname,
      gsmNumber: order.customer.phone,
      email: order.customer.email,
      identityNumber: PLACEHOLDER_IDENTITY_NUMBER,
      registrationAddress: ADDRESS,
      ip: order.customer.ip,
      city: CITY,
      country: COUNTRY,
    },
    shippingAddress: address,
    billingAddress: address,
    // iyzico checks that the items add up to `price`: one virtual item, the deposit itself.
    basketItems: [
      {
        id: order.orderId,
        name: order.description.slice(0, 100) || order.orderId,
        category1: "Deposit",
        itemType: "VIRTUAL",
        price,
      },
    ],
  };
}

/** Checkout form retrieve; conversationId is left out when we do not know the order yet (the browser's return). */
export function checkoutRetrieveRequest(
  token: string,
  orderId: string | null,
  lang: "tr" | "en" = "tr",
): Record<string, unknown> {
  return orderId === null ? { locale: lang, token } : { locale: lang, conversationId: orderId, token };
}

/** Payment retrieve by our order id (iyzico's paymentConversationId): finds the payment without a token. */
export function paymentRetrieveRequest(orderId: string): Record<string, unknown> {
  return { locale: "tr", conversationId: orderId, paymentConversationId: orderId };
}

/** v2 refund by paymentId; conversationId is our refund id, echoed and signed in the answer. */
export function refundRequest(
  paymentId: string,
  refundId: string,
  amount: string,
  currency: string,
): Record<string, unknown> {
  return { locale: "tr", conversationId: refundId, paymentId, price: writeAmount(amount, IYZICO_PRICE), currency };
}

/** BIN check: the cheapest authenticated call (the API test endpoint takes no credentials). */
export function binCheckRequest(): Record<string, unknown> {
  return { locale: "tr", conversationId: "connection-test", binNumber: "552879" };
}
