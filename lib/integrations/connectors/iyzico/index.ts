import { writeAmountOrNull } from "../amount-format";
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
import { callIyzico, refusalOf, type IyzicoAnswer } from "./client";
import { iyzicoConfigSchema, IYZICO_SECRET_KEYS, type IyzicoConfig } from "./config";
import { verifyResponseSignature } from "./crypt";
import {
  binCheckRequest,
  checkoutInitializeRequest,
  checkoutRetrieveRequest,
  paymentRetrieveRequest,
  IYZICO_PRICE,
  refundRequest,
} from "./request-mapper";
import { inquireRefund } from "./refund-inquiry";
import { iyzicoReport } from "./report";
import { distrustOf, outcomeOfCheckout, outcomeOfPayment, partnerErrorOf } from "./response-mapper";
import { iyzicoSpec } from "./spec";

/**
 * iyzico's Checkout Form (its hosted card page) through the official `iyzipay` client. The customer pays on
 * iyzico's page, which POSTs a `token` to our returnUrl; that token is worth nothing by itself: we retrieve
 * the payment with it and trust the answer only after its signature, order id and amount check out.
 * The token is our partnerReference: the status inquiry and the refund start from it.
 */

const CHECKOUT_PAGE_ORIGINS: Record<string, string> = {
  "sandbox-api.iyzipay.com": "https://sandbox-cpp.iyzipay.com",
  "api.iyzipay.com": "https://cpp.iyzipay.com",
};

const RECEIVED: PartnerAck = { status: 200, contentType: "text/plain; charset=utf-8", body: "OK" };
const REFUSED: PartnerAck = { status: 400, contentType: "text/plain; charset=utf-8", body: "Bad request" };

const unverified = (reason: string): Unverified => ({ ok: false, reason, ack: REFUSED });

/** iyzico's checkout form token lives 30 minutes (its answers say so in `tokenExpireTime`, seconds). */
const DEFAULT_TOKEN_SECONDS = 1800;

function tokenLifetimeMs(answer: IyzicoAnswer): number {
  const seconds = Number(answer.tokenExpireTime);
  return (Number.isSafeInteger(seconds) && seconds > 0 ? seconds : DEFAULT_TOKEN_SECONDS) * 1000;
}

/** The order's payment at iyzico by our order id, verified, or null when iyzico has none we can trust. */
async function findPayment(
  config: IyzicoConfig,
  order: { orderId: string; amount: string; currency: string },
): Promise<IyzicoAnswer | null> {
  const answer = await callIyzico(config, "payment", "retrieve", paymentRetrieveRequest(order.orderId));
  return distrustOf("paymentRetrieve", answer, config.secretKey, order) === null ? answer : null;
}

/** The checkout form's verified answer for a token, or null (no payment on it yet, or not one we can trust). */
async function retrieveCheckout(
  config: IyzicoConfig,
  token: string,
  order: { orderId: string; amount: string; currency: string },
): Promise<IyzicoAnswer | null> {
  const answer = await callIyzico(config, "checkoutForm", "retrieve", checkoutRetrieveRequest(token, order.orderId));
  if (answer.token !== token) return null;
  return distrustOf("checkoutFormRetrieve", answer, config.secretKey, order) === null ? answer : null;
}

async function verifyReturn(
  config: IyzicoConfig,
  message: IncomingMessage,
  lookup: OrderLookup,
): Promise<VerifiedOutcome | Unverified> {
  const token = message.form?.token ?? new URLSearchParams(message.rawBody).get("token");
  if (!token || !/^[A-Za-z0-9-]{1,100}$/.test(token)) return unverified("no checkout form token in the return");
  let answer: IyzicoAnswer;
  try {
    answer = await callIyzico(config, "checkoutForm", "retrieve", checkoutRetrieveRequest(token, null));
  } catch (error) {
    return unverified(`the token could not be retrieved now: ${(error as Error).message}`);
  }
  if (answer.status !== "success")
    return unverified(`iyzico gave no result for the token (${partnerErrorOf(answer).code})`);
  // The signature first: nothing in the answer (not even the order id used for the lookup) counts before it.
  if (!verifyResponseSignature("checkoutFormRetrieve", answer, config.secretKey))
    return unverified("iyzico's response signature does not verify");
  if (answer.token !== token) return unverified("the answer is about another token");
  const orderId = typeof answer.basketId === "string" ? answer.basketId : "";
  const order = orderId ? await lookup(orderId) : null;
  if (!order) return unverified("the answer names no order of ours");
  const distrust = distrustOf("checkoutFormRetrieve", answer, config.secretKey, order, true);
  if (distrust) return unverified(distrust);
  return { ok: true, orderId: order.orderId, outcome: outcomeOfCheckout(answer), ack: RECEIVED };
}

async function inquire(config: IyzicoConfig, order: CardOrderRef): Promise<PaymentOutcome> {
  // The order's own currency: a payment iyzico holds in another one is not this order's.
  const expected = { orderId: order.orderId, amount: order.amount, currency: order.currency };
  if (order.partnerReference) {
    const checkout = await retrieveCheckout(config, order.partnerReference, expected);
    if (checkout && checkout.paymentStatus !== undefined) return outcomeOfCheckout(checkout);
  }
  // No token, or no payment on it: a payment under our order id (another token of the same order) still counts.
  const payment = await findPayment(config, expected);
  if (payment) return outcomeOfPayment(payment, order.partnerReference);
  return { status: "not_found" };
}

export const iyzicoConnector: CardAcquirerConnector<IyzicoConfig> = {
  name: "iyzico",
  kind: "card",
  spec: iyzicoSpec,
  configSchema: iyzicoConfigSchema,
  secretKeys: IYZICO_SECRET_KEYS,

  async testConnection(config) {
    try {
      const answer = await callIyzico(config, "binNumber", "retrieve", binCheckRequest());
      if (answer.status === "success") return { ok: true, message: "iyzico accepted the API key and secret key" };
      const error = partnerErrorOf(answer);
      return { ok: false, message: `iyzico refused the call: ${error.message} (${error.code})` };
    } catch (error) {
      // A PartnerCallError's reason already says what happened ("iyzico could not be reached (ECONNREFUSED)").
      return {
        ok: false,
        message:
          error instanceof PartnerCallError ? error.message : `iyzico could not be called: ${(error as Error).message}`,
      };
    }
  },

  async startCheckout(config, order) {
    if (writeAmountOrNull(order.amount, IYZICO_PRICE) === null)
      throw new PartnerCallError({
        kind: "refused",
        error: { code: "AMOUNT_NOT_SUPPORTED", message: "Amount too large for iyzico" },
      });
    // Each initialize makes a new token for the same order; before making another, make sure the order has
    // not been paid on an earlier one (the customer must never be able to pay twice).
    const paid = await findPayment(config, order);
    if (paid?.paymentStatus === "SUCCESS") throw new PartnerCallError({ kind: "duplicate" });
    const answer = await callIyzico(config, "checkoutFormInitialize", "create", checkoutInitializeRequest(order));
    if (answer.status !== "success") throw new PartnerCallError(refusalOf(answer));
    if (
      !verifyResponseSignature("checkoutFormInitialize", answer, config.secretKey) ||
      answer.conversationId !== order.orderId
    ) {
      throw new PartnerCallError({ kind: "retry", reason: "iyzico's initialize answer does not verify" });
    }
    const token = String(answer.token ?? "");
    const url = typeof answer.paymentPageUrl === "string" ? answer.paymentPageUrl : "";
    if (!token || !/^https?:\/\//.test(url))
      throw new PartnerCallError({ kind: "retry", reason: "iyzico's initialize answer has no token or payment page" });
    // Every initialize mints another payable token for the order, and iyzico documents no call that withdraws
    // an unpaid one: the page is re-used for as long as its token lives (tokenExpireTime, in seconds).
    return {
      next: { kind: "redirect", url },
      partnerReference: token,
      reuseUntil: new Date(Date.now() + tokenLifetimeMs(answer)).toISOString(),
    };
  },

  // The Checkout Form's pages are on iyzico's "cpp" hosts beside its API hosts (paymentPageUrl); a simulator serves
  // both.
  checkoutOrigins: (config) => [
    CHECKOUT_PAGE_ORIGINS[new URL(config.baseUrl).hostname] ?? new URL(config.baseUrl).origin,
  ],

  verifyReturn,
  inquire,

  async refund(config, order, amount) {
    if (writeAmountOrNull(amount, IYZICO_PRICE) === null)
      return { ok: false, error: { code: "AMOUNT_NOT_SUPPORTED", message: "Amount too large for iyzico" } };
    const expected = { orderId: order.orderId, amount: order.amount, currency: order.currency };
    const payment =
      (order.partnerReference ? await retrieveCheckout(config, order.partnerReference, expected) : null) ??
      (await findPayment(config, expected));
    if (!payment || payment.paymentStatus !== "SUCCESS" || payment.paymentId === undefined) {
      return { ok: false, error: { code: "PAYMENT_NOT_FOUND", message: "No approved iyzico payment for this order" } };
    }
    const paymentId = String(payment.paymentId);
    // Our refund id is the conversationId on every attempt of this refund; the refund is in the order's currency.
    const answer = await callIyzico(
      config,
      "refundV2",
      "create",
      refundRequest(paymentId, order.refundId, amount, order.currency),
    );
    if (answer.status !== "success") return { ok: false, error: partnerErrorOf(answer) };
    if (
      !verifyResponseSignature("refundV2", answer, config.secretKey) ||
      String(answer.paymentId) !== paymentId ||
      answer.conversationId !== order.refundId
    ) {
      throw new PartnerCallError({ kind: "retry", reason: "iyzico's refund answer does not verify" });
    }
    return { ok: true, partnerReference: paymentId };
  },

  inquireRefund,

  // The daily reconciliation's list: the reporting service's daily transactions (report.ts).
  report: iyzicoReport,
};
