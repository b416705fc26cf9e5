import { amountOfMinorUnits, writeAmountOrNull } from "../amount-format";
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
import { GARANTI_SECRET_KEYS, garantiConfigSchema, type GarantiConfig } from "./config";
import { inquireRefund, orderHistory, refund } from "./refunds";
import { garantiReport } from "./report";
import { buildPaymentPageForm, currencyCodeOrNull, GVP_KURUS, gvpOrderIdOf, historyRequest } from "./request-mapper";
import { isNoRecord, mapHistory, mapReturn, saleOf } from "./response-mapper";
import { readReturnForm, signedFieldsWellFormed, verifyReturnHash } from "./return-form";
import { approvalOfUnsigned3D } from "../three-d-secure";
import { garantiSpec } from "./spec";

/**
 * Garanti BBVA's virtual POS (GVP) with its common payment page, 3D_OOS_PAY: the customer's browser posts our
 * signed form to GVP's 3-D engine, GVP hosts the card form and 3-D Secure, provisions the sale and posts the
 * signed outcome back to our return URL. Inquiries, voids and refunds go through GVP's XML API. GVP sends no
 * server-to-server notification, so a return the customer never brought back is recovered by `inquire`.
 */

type OrderRef = { orderId: string; amount: string; partnerReference: string | null; currency?: string };

/**
 * The order's state at the bank, from its history. An approval must be for our amount and currency (a sale
 * of another amount under our order id cannot be ours): anything else is "ask again later", never applied.
 */
async function inquire(config: GarantiConfig, order: OrderRef): Promise<PaymentOutcome> {
  const currency = order.currency ?? "TRY";
  const history = await orderHistory(config, order, currency);
  if (history === "none") return { status: "not_found" };
  const outcome = mapHistory(history);
  if (outcome.status === "approved") {
    const sale = saleOf(history)!;
    if (amountOfMinorUnits(sale.amountMinor) !== order.amount)
      throw new PartnerCallError({ kind: "retry", reason: "Garanti reports a sale of another amount for this order" });
    if (sale.currencyCode && sale.currencyCode !== "0" && sale.currencyCode !== currencyCodeOrNull(currency))
      throw new PartnerCallError({
        kind: "retry",
        reason: "Garanti reports a sale in another currency for this order",
      });
    // The history carries no 3-D Secure level: nothing signed says this approval was full 3-D. Nor the card (its
    // lines name no masked number, unlike orderinq's): an approval found here shows none.
    return approvalOfUnsigned3D(outcome, config.acceptHalf3D);
  }
  return outcome;
}

/**
 * Verifies what the customer's browser brought back. A signed return: `hash` over the fields `hashparams`
 * names first, then our terminal, an order we hold, and (where the return echoes them) our amount and
 * currency. GVP's return hash does not cover the amount: it is bound by our own form's hash, which does, so a
 * signed return for our order is for the amount we asked. An unsigned return (GVP sends one when its 3-D
 * step errs, mdStatus 5-9) proves nothing: the bank itself is asked about the order instead.
 */
async function verifyReturn(
  config: GarantiConfig,
  message: IncomingMessage,
  lookup: OrderLookup,
  context: ReturnContext = {},
): Promise<VerifiedOutcome | Unverified> {
  const form = readReturnForm(message);
  if (!form) return unverifiedReturn("Garanti return repeats a field");
  const fields = form.text;
  const orderId = (fields.oid || fields.orderid || "").trim();
  if (!fields.hash && !fields.hashparams)
    return verifyUnsignedReturn("Garanti", config, orderId, lookup, context, inquire);
  const hash = verifyReturnHash(form, config.storeKey);
  if (!hash.ok) return unverifiedReturn(hash.reason);
  if (!signedFieldsWellFormed(fields)) return unverifiedReturn("Garanti return has a signed field of the wrong shape");
  if (
    fields.clientid !== config.terminalId ||
    (fields.terminalid !== undefined && fields.terminalid !== config.terminalId)
  )
    return unverifiedReturn("Garanti return for another terminal");
  if (fields.orderid !== undefined && fields.orderid !== fields.oid)
    return unverifiedReturn("Garanti return names two orders");
  const order = fields.oid ? await lookup(fields.oid) : null;
  if (!order) return unverifiedReturn("Garanti return for an unknown order");
  if (fields.txnamount !== undefined && fields.txnamount !== writeAmountOrNull(order.amount, GVP_KURUS))
    return unverifiedReturn("Garanti return amount differs from the order's");
  if (fields.txncurrencycode !== undefined && fields.txncurrencycode !== currencyCodeOrNull(order.currency))
    return unverifiedReturn("Garanti return currency differs from the order's");
  return {
    ok: true,
    orderId: order.orderId,
    outcome: mapReturn(fields, order.amount, config.acceptHalf3D, hash.signed),
    ack: RETURN_ACK,
  };
}

async function testConnection(config: GarantiConfig): Promise<{ ok: boolean; message: string }> {
  try {
    // The cheapest authenticated call: the history of an order that does not exist.
    const answer = await callApi(config, historyRequest(config, `CONNCHECK${Date.now()}`));
    if (answer.code === "00" || isNoRecord(answer))
      return { ok: true, message: "Connected: the Garanti API accepted the provision user" };
    return {
      ok: false,
      message: (
        `The Garanti API refused the request: ${answer.code} ${answer.reasonCode} ` + `${answer.message.slice(0, 200)}`
      ).trim(),
    };
  } catch (error) {
    if (error instanceof PartnerCallError) return { ok: false, message: error.message };
    throw error;
  }
}

export const garantiConnector: CardAcquirerConnector<GarantiConfig> = {
  name: "garanti",
  kind: "card",
  spec: garantiSpec,
  configSchema: garantiConfigSchema,
  secretKeys: GARANTI_SECRET_KEYS,
  testConnection,
  // The bank's 3-D gate, which our card-step page posts the signed form to.
  checkoutOrigins: (config) => [new URL(config.gatewayUrl).origin],

  async startCheckout(config, order) {
    return {
      next: { kind: "form_post", url: config.gatewayUrl, fields: buildPaymentPageForm(config, order) },
      // The id GVP knows this attempt by (letters and digits only): the return names it as `oid`.
      partnerReference: gvpOrderIdOf(order.orderId),
    };
  },
  verifyReturn,
  inquire,
  refund,
  inquireRefund,
  // The day's transactions from GVP's order list inquiry, for the daily reconciliation.
  report: garantiReport,
};
