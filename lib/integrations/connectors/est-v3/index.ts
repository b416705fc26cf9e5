import { readMinorUnits } from "../amount-format";
import {
  PartnerCallError,
  type CardAcquirerConnector,
  type CardOrderRef,
  type IncomingMessage,
  type OrderLookup,
  type PartnerAck,
  type PaymentOutcome,
  type Unverified,
  type VerifiedOutcome,
} from "../ports";
import { callApi } from "./client";
import { EST_SECRET_KEYS, estConfigSchema, type EstConfig } from "./config";
import { hashFieldBytes, sameHash, type FieldBytes } from "./crypt";
import { decodeFields, parseFormBytes } from "./form-body";
import { inquireRefund, refund } from "./refunds";
import { estReport } from "./report";
import { buildGateForm, currencyCode, EST_RETURNED_AMOUNT, statusRequest } from "./request-mapper";
import { isNoRecord, mapGateReturn, mapOrderStatus } from "./response-mapper";
import { estV3Spec } from "./spec";

/**
 * The EST virtual POS (Asseco/Payten; Akbank, İşbank, Ziraat, Halkbank, TEB, QNB, Şekerbank, ...) in the
 * 3D_PAY_HOSTING model: the customer's browser posts our signed form to the bank's 3-D gate, the bank
 * hosts the card form and 3-D Secure, charges the card and posts the signed outcome back to our return
 * URL. Status and refunds go through the bank's XML API. EST sends no server-to-server notification, so
 * a return the customer never brought back (tab closed) is recovered by `inquire`.
 */

/** The browser return's answer: 200, and the wiring sends the customer on to our final page (303). */
const RETURN_ACK: PartnerAck = { status: 200, contentType: "text/plain; charset=utf-8", body: "OK" };

function unverified(reason: string): Unverified {
  return { ok: false, reason, ack: RETURN_ACK };
}

function currencyNumeric(alpha: string): string | null {
  try {
    return currencyCode(alpha);
  } catch {
    return null;
  }
}

function fieldsOf(message: IncomingMessage): FieldBytes[] {
  if (message.rawBody.trim() !== "") return parseFormBytes(message.rawBody);
  return Object.entries(message.form ?? {}).map(([name, value]) => ({ name, value: Buffer.from(value, "utf8") }));
}

async function verifyReturn(
  config: EstConfig,
  message: IncomingMessage,
  lookup: OrderLookup,
): Promise<VerifiedOutcome | Unverified> {
  const raw = fieldsOf(message);
  const sent = raw.find((f) => f.name === "HASH")?.value.toString("latin1");
  if (!sent) return unverified("EST return without HASH");
  if (!sameHash(sent, hashFieldBytes(raw, config.storeKey))) return unverified("EST return HASH does not match");
  const fields = decodeFields(raw);
  if (fields.clientid !== undefined && fields.clientid !== config.clientId)
    return unverified("EST return for another store");
  const orderId = fields.oid?.trim();
  if (!orderId) return unverified("EST return without oid");
  const order = await lookup(orderId);
  if (!order) return unverified("EST return for an unknown order");
  const ours = readMinorUnits(order.amount, EST_RETURNED_AMOUNT);
  if (ours === null || readMinorUnits(fields.amount, EST_RETURNED_AMOUNT) !== ours)
    return unverified("EST return amount differs from the order's");
  if (fields.currency !== undefined && fields.currency !== currencyNumeric(order.currency))
    return unverified("EST return currency differs from the order's");
  return {
    ok: true,
    orderId: order.orderId,
    outcome: mapGateReturn(fields, order.amount, config.acceptHalf3D),
    ack: RETURN_ACK,
  };
}

/**
 * The order's sale at the bank (ORDERSTATUS). An approval carries the order id and amount the bank named:
 * the core compares them with the order and raises a mismatch instead of applying it. ORDERSTATUS names
 * no currency; the sale's currency was checked on the signed return, and a refund asks in the order's.
 */
async function inquire(config: EstConfig, order: CardOrderRef): Promise<PaymentOutcome> {
  const response = await callApi(config, statusRequest(config, order.orderId));
  const outcome = mapOrderStatus(response, config.acceptHalf3D);
  if (!outcome)
    throw new PartnerCallError({
      kind: "retry",
      reason: `EST status query failed: ${(response.fields.ErrMsg ?? "no answer").slice(0, 200)}`,
    });
  return outcome;
}

async function testConnection(config: EstConfig): Promise<{ ok: boolean; message: string }> {
  try {
    // The cheapest authenticated call: the status of an order that does not exist.
    const response = await callApi(config, statusRequest(config, `CONNCHECK-${Date.now()}`));
    if (response.fields.ProcReturnCode === "00" || isNoRecord(response))
      return { ok: true, message: "Connected: the EST API accepted the API user" };
    return {
      ok: false,
      message: `The EST API refused the request: ${(response.fields.ErrMsg ?? "no reason given").slice(0, 200)}`,
    };
  } catch (error) {
    if (error instanceof PartnerCallError) return { ok: false, message: error.message };
    throw error;
  }
}

export const estV3Connector: CardAcquirerConnector<EstConfig> = {
  name: "est-v3",
  kind: "card",
  spec: estV3Spec,
  configSchema: estConfigSchema,
  secretKeys: EST_SECRET_KEYS,
  testConnection,
  // The bank's 3-D gate, which our card-step page posts the signed form to.
  checkoutOrigins: (config) => [new URL(config.gatewayUrl).origin],

  async startCheckout(config, order) {
    return {
      next: { kind: "form_post", url: config.gatewayUrl, fields: buildGateForm(config, order) },
      partnerReference: null,
    };
  },
  verifyReturn,
  inquire,
  refund,
  inquireRefund,
  // Each order's history (EST lists no period), for the daily reconciliation.
  report: estReport,
};
