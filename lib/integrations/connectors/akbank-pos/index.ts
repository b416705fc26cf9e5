import {
  PartnerCallError,
  type CardAcquirerConnector,
  type CardOrderRef,
  type IncomingMessage,
  type OrderLookup,
  type PaymentOutcome,
  type ReturnContext,
  type Unverified,
  type VerifiedOutcome,
} from "../ports";
import { readMinorUnits } from "../amount-format";
import { RETURN_ACK, unverifiedReturn, verifyUnsignedReturn } from "../browser-return";
import { approvalOfUnsigned3D } from "../three-d-secure";
import { callApi, SUCCESS } from "./client";
import { AKBANK_POS_SECRET_KEYS, akbankPosConfigSchema, type AkbankPosConfig } from "./config";
import { inquireRefund, orderHistory, refund } from "./refunds";
import { akbankPosReport } from "./report";
import {
  AKBANK_ANSWERED_AMOUNT,
  akbankOrderIdOf,
  buildPaymentPageForm,
  currencyCode,
  orderHistoryRequest,
} from "./request-mapper";
import { isNoRecord, mapHistory, mapReturn } from "./response-mapper";
import { readReturnForm, signedFields } from "./return-form";
import { akbankPosSpec } from "./spec";

/**
 * Akbank's virtual POS on its JSON platform with the hosted payment page, 3D_PAY_HOSTING: the customer's browser
 * posts our signed form to Akbank's payhosting page, the bank hosts the card form and 3-D Secure, provisions the
 * sale and posts its signed outcome back to our return URL. Status (order history), cancels and refunds go through
 * the JSON API signed with the `auth-hash` header. Akbank sends no server-to-server notification, so a return the
 * customer never brought back is recovered by `inquire`.
 */

/**
 * The order's state at the bank, from its order history (1010). An approval must be for our amount and currency (a
 * sale of another amount under our order id cannot be ours): anything else is "ask again later", never applied.
 */
async function inquire(config: AkbankPosConfig, order: CardOrderRef): Promise<PaymentOutcome> {
  const history = await orderHistory(config, order);
  if (history === "none") return { status: "not_found" };
  const outcome = mapHistory(history.lines);
  if (outcome.status !== "approved") return outcome;
  if (readMinorUnits(outcome.amount, AKBANK_ANSWERED_AMOUNT) !== readMinorUnits(order.amount, AKBANK_ANSWERED_AMOUNT))
    throw new PartnerCallError({ kind: "retry", reason: "Akbank reports a sale of another amount for this order" });
  if (outcome.currency !== undefined && outcome.currency !== order.currency)
    throw new PartnerCallError({ kind: "retry", reason: "Akbank reports a sale in another currency for this order" });
  // The order history carries no 3-D Secure level: nothing signed says this approval was full 3-D.
  return approvalOfUnsigned3D(outcome, config.acceptHalf3D);
}

/**
 * Verifies what the customer's browser brought back. A signed return: `hash` over the fields `hashParams` names
 * (which must include the verdict and the order, and for an approval the terminal), then our terminal, an order we
 * hold and (where the return signs them) our amount and currency. Akbank's hosted-page return does not sign the
 * amount: it is bound by our own form's hash, which does, so a signed return for our order is for the amount we
 * asked. An unsigned return proves nothing: the bank itself is asked about the order instead.
 */
async function verifyReturn(
  config: AkbankPosConfig,
  message: IncomingMessage,
  lookup: OrderLookup,
  context: ReturnContext = {},
): Promise<VerifiedOutcome | Unverified> {
  const form = readReturnForm(message);
  if (!form) return unverifiedReturn("Akbank return repeats a field");
  if (!form.text.hash && !form.text.hashParams)
    return verifyUnsignedReturn("Akbank", config, (form.text.orderId ?? "").trim(), lookup, context, inquire);
  const signed = signedFields(form, config);
  if (!signed.ok) return unverifiedReturn(signed.reason);
  const fields = signed.fields;
  const order = await lookup(fields.orderId!);
  if (!order || akbankOrderIdOf(order.orderId) !== fields.orderId)
    return unverifiedReturn("Akbank return for an unknown order");
  if (
    fields.amount &&
    readMinorUnits(fields.amount, AKBANK_ANSWERED_AMOUNT) !== readMinorUnits(order.amount, AKBANK_ANSWERED_AMOUNT)
  )
    return unverifiedReturn("Akbank return amount differs from the order's");
  if (fields.currencyCode && fields.currencyCode !== String(currencyCode(order.currency)))
    return unverifiedReturn("Akbank return currency differs from the order's");
  return {
    ok: true,
    orderId: order.orderId,
    outcome: mapReturn(fields, order.amount, config.acceptHalf3D),
    ack: RETURN_ACK,
  };
}

async function testConnection(config: AkbankPosConfig): Promise<{ ok: boolean; message: string }> {
  try {
    // The cheapest authenticated call: the history of an order that does not exist.
    const answer = await callApi(config, "transaction/process", orderHistoryRequest(config, `CONNCHECK${Date.now()}`));
    if (answer.responseCode === SUCCESS || isNoRecord(answer))
      return { ok: true, message: "Connected: the Akbank API accepted the terminal's signature" };
    return {
      ok: false,
      message:
        `The Akbank API refused the request: ${answer.responseCode} ${answer.responseMessage.slice(0, 200)}`.trim(),
    };
  } catch (error) {
    if (error instanceof PartnerCallError) return { ok: false, message: error.message };
    throw error;
  }
}

export const akbankPosConnector: CardAcquirerConnector<AkbankPosConfig> = {
  name: "akbank-pos",
  kind: "card",
  spec: akbankPosSpec,
  configSchema: akbankPosConfigSchema,
  secretKeys: AKBANK_POS_SECRET_KEYS,
  testConnection,
  // The bank's hosted payment page, which our card-step page posts the signed form to.
  checkoutOrigins: (config) => [new URL(config.gatewayUrl).origin],

  async startCheckout(config, order) {
    return {
      next: { kind: "form_post", url: config.gatewayUrl, fields: buildPaymentPageForm(config, order) },
      // The id Akbank knows this attempt by (letters and digits only): the return names it as `orderId`.
      partnerReference: akbankOrderIdOf(order.orderId),
    };
  },
  verifyReturn,
  inquire,
  refund,
  inquireRefund,
  // The terminal's transactions from Akbank's date-range history, for the daily reconciliation.
  report: akbankPosReport,
};
