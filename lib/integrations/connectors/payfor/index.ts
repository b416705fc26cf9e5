import { minorUnitsFor, readMinorUnits } from "../amount-format";
import {
  PartnerCallError,
  type CardAcquirerConnector,
  type IncomingMessage,
  type OrderLookup,
  type PaymentOutcome,
  type ReturnContext,
  type Unverified,
  type VerifiedOutcome,
} from "../ports";
import { RETURN_ACK, unverifiedReturn, verifyUnsignedReturn } from "../browser-return";
import { callApi } from "./client";
import { PAYFOR_SECRET_KEYS, payforConfigSchema, type PayforConfig } from "./config";
import { fieldsOf } from "./payfor-xml";
import { inquireRefund, refund } from "./refunds";
import { payforReport } from "./report";
import {
  buildHostForm,
  currencyCodeOrNull,
  inquiryRequest,
  PAYFOR_AMOUNT,
  PAYFOR_ANSWERED_AMOUNT,
  payforOrderIdOf,
} from "./request-mapper";
import { mapInquiry, mapReturn } from "./response-mapper";
import { readReturnForm, verifyReturnHash } from "./return-form";
import { payforSpec } from "./spec";

/**
 * QNB Finansbank's PayFor virtual POS (also Enpara's merchants and Ziraat Katılım) with its 3-D Host payment page,
 * SecureType 3DHost: the customer's browser posts our signed form to PayFor's 3DHost.aspx, PayFor hosts the card
 * form and 3-D Secure, provisions the sale and posts the signed outcome back to our return URL. Inquiries, voids,
 * refunds and the day's history go through PayFor's XMLGate. PayFor sends no server-to-server notification, so a
 * return the customer never brought back is recovered by `inquire`.
 */

type OrderRef = { orderId: string; amount: string; currency: string; partnerReference: string | null };

/**
 * The order's state at the bank (OrderInquiry). An approval must be of our order, amount and currency (a sale of
 * another amount under our order id cannot be ours): anything else is "ask again later", never applied.
 */
async function inquire(config: PayforConfig, order: OrderRef): Promise<PaymentOutcome> {
  const bankId = payforOrderIdOf(order.orderId);
  const { root } = await callApi(config, inquiryRequest(config, bankId), "PayforResponse");
  return mapInquiry(fieldsOf(root), { ...order, bankId }, config.acceptHalf3D);
}

/**
 * Verifies what the customer's browser brought back. A signed return: ResponseHash first, then our merchant, an
 * order we hold, and (where the return echoes them) our amount and currency. The return hash does not cover the
 * amount: it is bound by our own form's hash, which does, so a signed return for our order is for the amount we
 * asked. An unsigned return (Ziraat Katılım's, whose hash mewebstudio/pos finds unusable) proves nothing: the bank
 * itself is asked about the order instead.
 */
async function verifyReturn(
  config: PayforConfig,
  message: IncomingMessage,
  lookup: OrderLookup,
  context: ReturnContext = {},
): Promise<VerifiedOutcome | Unverified> {
  const fields = readReturnForm(message);
  if (!fields) return unverifiedReturn("PayFor return repeats a field");
  const orderId = (fields.OrderId ?? "").trim();
  if (!fields.ResponseHash) return verifyUnsignedReturn("PayFor", config, orderId, lookup, context, inquire);
  const hash = verifyReturnHash(fields, config);
  if (!hash.ok) return unverifiedReturn(hash.reason);
  if (fields.MerchantID !== undefined && fields.MerchantID !== config.merchantId)
    return unverifiedReturn("PayFor return for another merchant");
  const order = await lookup(orderId);
  if (!order || payforOrderIdOf(order.orderId) !== orderId)
    return unverifiedReturn("PayFor return for an unknown order");
  if (
    fields.PurchAmount !== undefined &&
    readMinorUnits(fields.PurchAmount, PAYFOR_ANSWERED_AMOUNT) !== minorUnitsFor(order.amount, PAYFOR_AMOUNT)
  )
    return unverifiedReturn("PayFor return amount differs from the order's");
  if (fields.Currency !== undefined && fields.Currency !== currencyCodeOrNull(order.currency))
    return unverifiedReturn("PayFor return currency differs from the order's");
  return {
    ok: true,
    orderId: order.orderId,
    outcome: mapReturn(fields, order.amount, config.acceptHalf3D),
    ack: RETURN_ACK,
  };
}

async function testConnection(config: PayforConfig): Promise<{ ok: boolean; message: string }> {
  try {
    // The cheapest authenticated call: the inquiry of an order that does not exist (V013 with good credentials).
    const { root } = await callApi(config, inquiryRequest(config, `CONNCHECK${Date.now()}`), "PayforResponse");
    const f = fieldsOf(root);
    if (f.ProcReturnCode === "V013" || f.ProcReturnCode === "00")
      return { ok: true, message: "Connected: PayFor accepted the merchant and its API user" };
    return {
      ok: false,
      message: `PayFor refused the request: ${f.ProcReturnCode ?? ""} ${(f.ErrMsg ?? "").slice(0, 200)}`.trim(),
    };
  } catch (error) {
    if (error instanceof PartnerCallError) return { ok: false, message: error.message };
    throw error;
  }
}

export const payforConnector: CardAcquirerConnector<PayforConfig> = {
  name: "payfor",
  kind: "card",
  spec: payforSpec,
  configSchema: payforConfigSchema,
  secretKeys: PAYFOR_SECRET_KEYS,
  testConnection,
  // PayFor's 3-D Host page, which our card-step page posts the signed form to.
  checkoutOrigins: (config) => [new URL(config.gatewayUrl).origin],

  async startCheckout(config, order) {
    return {
      next: { kind: "form_post", url: config.gatewayUrl, fields: buildHostForm(config, order) },
      // The id PayFor knows this attempt by (letters and digits only): the return names it as OrderId.
      partnerReference: payforOrderIdOf(order.orderId),
    };
  },
  verifyReturn,
  inquire,
  refund: (config, order, amount) => refund(config, order, amount),
  inquireRefund,
  // The day's transactions from PayFor's TxnHistory, for the daily reconciliation.
  report: payforReport,
};
