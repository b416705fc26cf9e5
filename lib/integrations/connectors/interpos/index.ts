import { minorUnitsFor, readMinorUnits } from "../amount-format";
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
import { RETURN_ACK, unverifiedReturn, verifyUnsignedReturn } from "../browser-return";
import { approvalOfUnsigned3D } from "../three-d-secure";
import { callApi } from "./client";
import { INTERPOS_SECRET_KEYS, interposConfigSchema, type InterposConfig } from "./config";
import { inquireRefund, refund, saleStatus } from "./refunds";
import { interposReport } from "./report";
import {
  buildHostForm,
  currencyCodeOrNull,
  INTERPOS_AMOUNT,
  INTERPOS_ANSWERED_AMOUNT,
  interposOrderIdOf,
  statusRequest,
} from "./request-mapper";
import { isNoRecord, mapReturn, mapStatus } from "./response-mapper";
import { readReturnForm, signedFieldsWellFormed, signedReturnOf, verifyReturnHash } from "./return-form";
import { interposSpec } from "./spec";

/**
 * Denizbank's InterVPOS in the 3D_HOST model (mewebstudio/pos src/Gateways/InterPos.php): the customer's browser posts
 * our signed form to the bank's 3DHost.aspx, the bank hosts the card form and 3-D Secure, charges the card and posts
 * the signed outcome back to our return URL. Status, voids and refunds go through the bank's API (Default.aspx). The
 * bank sends no server-to-server notification, so a return the customer never brought back is recovered by `inquire`.
 */

/**
 * The order's sale at the bank (StatusHistory). The answer carries no 3-D Secure level: nothing signed says an
 * approval was full 3-D, so it goes through approvalOfUnsigned3D. Its amount is the bank's: the core compares it.
 * It names no card (mewebstudio's status fixture and the bank's field list have no masked number): none is shown.
 */
async function inquire(config: InterposConfig, order: CardOrderRef): Promise<PaymentOutcome> {
  const sale = await saleStatus(config, order.orderId);
  if (sale === "none") return { status: "not_found" };
  const outcome = mapStatus(sale);
  return outcome.status === "approved" ? approvalOfUnsigned3D(outcome, config.acceptHalf3D) : outcome;
}

/**
 * Verifies what the customer's browser brought back: `HASH` over the fields `HASHPARAMS` names first (it must name the
 * order, amount, currency, ProcReturnCode and mdStatus), then an order we hold and our amount and currency. Only
 * signed fields are read (signedReturnOf): TransId, AuthCode and the card (Pan) where the bank signed them. A return
 * without any hash proves nothing: the bank itself is asked about the order instead (at most once a minute per
 * payment).
 */
async function verifyReturn(
  config: InterposConfig,
  message: IncomingMessage,
  lookup: OrderLookup,
  context: ReturnContext = {},
): Promise<VerifiedOutcome | Unverified> {
  const form = readReturnForm(message);
  if (!form) return unverifiedReturn("InterVPOS return repeats a field");
  const fields = form.text;
  if (!fields.HASH && !fields.HASHPARAMS)
    return verifyUnsignedReturn("InterVPOS", config, (fields.OrderId ?? "").trim(), lookup, context, inquire);
  const hash = verifyReturnHash(form, config.storeKey);
  if (!hash.ok) return unverifiedReturn(hash.reason);
  if (!signedFieldsWellFormed(fields, hash.signed))
    return unverifiedReturn("InterVPOS return has a signed field of the wrong shape");
  if (fields.ShopCode !== undefined && fields.ShopCode !== "" && fields.ShopCode !== config.merchantId)
    return unverifiedReturn("InterVPOS return for another shop");
  const order = await lookup(fields.OrderId!);
  if (!order) return unverifiedReturn("InterVPOS return for an unknown order");
  if (interposOrderIdOf(order.orderId) !== fields.OrderId)
    return unverifiedReturn("InterVPOS return names another order than the attempt's");
  if (readMinorUnits(fields.PurchAmount, ...INTERPOS_ANSWERED_AMOUNT) !== minorUnitsFor(order.amount, INTERPOS_AMOUNT))
    return unverifiedReturn("InterVPOS return amount differs from the order's");
  if (fields.Currency !== currencyCodeOrNull(order.currency))
    return unverifiedReturn("InterVPOS return currency differs from the order's");
  const outcome = mapReturn(signedReturnOf(fields, hash.signed), order.amount, config.acceptHalf3D);
  return { ok: true, orderId: order.orderId, outcome, ack: RETURN_ACK };
}

async function testConnection(config: InterposConfig): Promise<{ ok: boolean; message: string }> {
  try {
    // The cheapest authenticated call: the status of an order that does not exist.
    const fields = await callApi(config, statusRequest(config, `CONNCHECK${Date.now()}`));
    if (fields.ProcReturnCode === "00" || isNoRecord(fields))
      return { ok: true, message: "Connected: the InterVPOS API accepted the API user" };
    const said = `${fields.ProcReturnCode} ${fields.ErrorCode ?? ""} ${fields.ErrorMessage ?? ""}`.trim();
    return { ok: false, message: `The InterVPOS API refused the request: ${said.slice(0, 200)}` };
  } catch (error) {
    if (error instanceof PartnerCallError) return { ok: false, message: error.message };
    throw error;
  }
}

export const interposConnector: CardAcquirerConnector<InterposConfig> = {
  name: "interpos",
  kind: "card",
  spec: interposSpec,
  configSchema: interposConfigSchema,
  secretKeys: INTERPOS_SECRET_KEYS,
  testConnection,
  // The bank's 3DHost page, which our card-step page posts the signed form to.
  checkoutOrigins: (config) => [new URL(config.gatewayUrl).origin],

  async startCheckout(config, order) {
    return {
      next: { kind: "form_post", url: config.gatewayUrl, fields: buildHostForm(config, order) },
      // The id InterVPOS knows this attempt by (letters and digits only): the return names it as `OrderId`.
      partnerReference: interposOrderIdOf(order.orderId),
    };
  },
  verifyReturn,
  inquire,
  refund,
  inquireRefund,
  // Each order's StatusHistory (InterVPOS lists no period), for the daily reconciliation.
  report: interposReport,
};
