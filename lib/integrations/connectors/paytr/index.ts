import {
  PartnerCallError,
  type CardAcquirerConnector,
  type ConnectionCheck,
  type PaymentOutcome,
  type RefundInquiry,
  type RefundResult,
} from "../ports";
import { CREDENTIALS_REFUSED, PATHS, paytrWords, postPaytr } from "./client";
import { PAYTR_SECRET_KEYS, paytrConfigSchema, type PaytrConfig } from "./config";
import { notificationReference, OK, verifyNotification } from "./notification";
import { paytrReport } from "./report";
import {
  merchantOidOf,
  referenceNoOf,
  refundRequest,
  statusRequest,
  timeoutMinutes,
  tokenRequest,
} from "./request-mapper";
import { mapStatusAnswer, refundResultOf, returnsOf } from "./response-mapper";
import { paytrSpec } from "./spec";

/**
 * PayTR's iFrame API: our server asks for a payment token (get-token, signed with `paytr_token`), the customer
 * pays in PayTR's frame on our card-step page (the card never reaches us), and PayTR's server notification,
 * verified by its hash, decides the payment; it is answered with a plain `OK`. The browser's return carries no
 * result. Status inquiry and refunds are PayTR's "Durum Sorgu" and "İade" APIs, the day's report its "İşlem Dökümü".
 * docs/connectors.md ("paytr").
 */

function oidOf(order: { orderId: string; partnerReference: string | null }): string {
  return order.partnerReference ?? merchantOidOf(order.orderId);
}

async function testConnection(config: PaytrConfig): Promise<ConnectionCheck> {
  // PayTR has no "ping": a status inquiry for an order that cannot exist is its cheapest signed call.
  const oid = `CONNECTIONTEST${Date.now()}`;
  try {
    const answer = await postPaytr(config, PATHS.status, statusRequest(config, oid));
    const words = paytrWords(answer);
    if (answer.status !== "success" && CREDENTIALS_REFUSED.test(words))
      return { ok: false, message: `PayTR refused the store's credentials: ${words}` };
    return {
      ok: true,
      message:
        `PayTR answered the signed status inquiry for a made-up order (${words}); one test payment proves ` +
        `the rest`,
    };
  } catch (error) {
    return { ok: false, message: error instanceof PartnerCallError ? error.message : "PayTR could not be called" };
  }
}

async function inquire(
  config: PaytrConfig,
  order: { orderId: string; amount: string; partnerReference: string | null },
): Promise<PaymentOutcome> {
  const oid = oidOf(order);
  const answer = await postPaytr(config, PATHS.status, statusRequest(config, oid));
  return mapStatusAnswer(answer, { amount: order.amount, merchantOid: oid });
}

async function refund(
  config: PaytrConfig,
  order: { orderId: string; amount: string; partnerReference: string | null; refundId: string },
  amount: string,
): Promise<RefundResult> {
  const oid = oidOf(order);
  const referenceNo = referenceNoOf(order.refundId);
  const fields = refundRequest(config, oid, amount, referenceNo);
  if (!fields) return { ok: false, error: { code: "AMOUNT_NOT_SUPPORTED", message: "Not a two-decimal amount" } };
  const answer = await postPaytr(config, PATHS.refund, fields);
  const result = refundResultOf(answer, { merchantOid: oid, amount, referenceNo });
  if (!result)
    throw new PartnerCallError({ kind: "retry", reason: "PayTR's refund answer is about another order or amount" });
  return result;
}

/**
 * Was a refund whose call got no answer made? The status inquiry lists the order's refunds (`returns`) with
 * the reference_no each was sent with, so ours is found by its own reference. A listed refund of that amount
 * without a reference cannot be told apart from one made at PayTR's panel: "cannot tell" (retry), for staff.
 */
async function inquireRefund(
  config: PaytrConfig,
  order: { orderId: string; partnerReference: string | null },
  asked: { refundId: string; amount: string },
): Promise<RefundInquiry> {
  const oid = oidOf(order);
  const answer = await postPaytr(config, PATHS.status, statusRequest(config, oid));
  if (answer.status !== "success")
    throw new PartnerCallError({
      kind: "retry",
      reason: `PayTR's status inquiry gave no payment: ${paytrWords(answer)}`,
    });
  const referenceNo = referenceNoOf(asked.refundId);
  const returns = returnsOf(answer);
  if (returns.some((r) => r.referenceNo === referenceNo)) return { status: "made", partnerReference: referenceNo };
  if (returns.some((r) => !r.referenceNo && r.amount === asked.amount))
    throw new PartnerCallError({
      kind: "retry",
      reason: "PayTR lists a refund of this amount without a reference: check it in the PayTR panel",
    });
  return { status: "not_made" };
}

export const paytrConnector: CardAcquirerConnector<PaytrConfig> = {
  name: "paytr",
  kind: "card",
  spec: paytrSpec,
  configSchema: paytrConfigSchema,
  secretKeys: PAYTR_SECRET_KEYS,
  testConnection,

  async startCheckout(config, order) {
    if (order.currency !== "TRY")
      throw new PartnerCallError({
        kind: "refused",
        error: { code: "CURRENCY_NOT_SUPPORTED", message: "The connector takes TRY payments only" },
      });
    if (!order.customer.ip)
      throw new PartnerCallError({
        kind: "refused",
        error: { code: "NO_CUSTOMER_IP", message: "PayTR requires the customer's IP address" },
      });
    const now = Date.now();
    const fields = tokenRequest(config, order, now);
    const answer = await postPaytr(config, PATHS.token, fields);
    if (answer.status !== "success")
      throw new PartnerCallError({
        kind: "refused",
        error: { code: "PAYTR_TOKEN", message: `PayTR refused the payment token: ${paytrWords(answer)}` },
      });
    const token = typeof answer.token === "string" ? answer.token : "";
    if (!/^[A-Za-z0-9]{8,128}$/.test(token))
      throw new PartnerCallError({ kind: "retry", reason: "PayTR's get-token answer has no usable token" });
    // Every get-token makes another payable frame for the order: the one made lives as long as its
    // timeout_limit and is shown again to a second tab or click until then (reuseUntil).
    const until = Math.min(Date.parse(order.expiresAt), now + timeoutMinutes(order.expiresAt, now) * 60_000);
    return {
      next: { kind: "iframe", url: `${config.baseUrl}/odeme/guvenli/${token}` },
      partnerReference: fields.merchant_oid!,
      reuseUntil: new Date(until).toISOString(),
    };
  },

  // PayTR sends the browser to merchant_ok_url / merchant_fail_url with nothing signed: the notification decides.
  async verifyReturn() {
    return { ok: false, reason: "PayTR's browser return carries no result; its notification decides", ack: OK };
  },
  verifyNotification,
  notificationReference,
  // The frame is shown on a page of ours (its policy allows PayTR's origin there): the payment page's own
  // form never leads to PayTR, so its form-action needs no PayTR origin.
  checkoutOrigins: () => [],
  inquire,
  refund,
  inquireRefund,
  // The "İşlem Dökümü" service lists a period's sales and refunds: the daily reconciliation reads it (report.ts).
  report: paytrReport,
};
