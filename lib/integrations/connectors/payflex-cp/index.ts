import {
  PartnerCallError,
  type CardAcquirerConnector,
  type CardCheckout,
  type CardOrder,
  type CardOrderRef,
  type IncomingMessage,
  type OrderLookup,
  type PartnerAck,
  type PaymentOutcome,
  type ReturnContext,
  type Unverified,
  type VerifiedOutcome,
} from "../ports";
import { postForm, postPrmstr } from "./client";
import { PAYFLEX_CP_SECRET_KEYS, payflexCpConfigSchema, type PayflexCpConfig } from "./config";
import { inquireRefund, orderTransactions, refund } from "./refunds";
import { payflexCpReport } from "./report";
import { paymentQueryFields, payflexOrderIdOf, registrationFields, searchRequest } from "./request-mapper";
import {
  APPROVED,
  CREDENTIAL_CODES,
  mapPaymentAnswer,
  mapSearchStatus,
  readRegistration,
  readSearch,
} from "./response-mapper";
import { RepeatedElement } from "./xml";
import { payflexCpSpec } from "./spec";

/**
 * VakıfBank's PayFlex Common Payment ("Ortak Ödeme", CP v4; Ziraat and İşbank run the same software), the hosted
 * model of mewebstudio/pos's PayFlexCPV4Pos (3D_HOST): our server registers the checkout (RegisterTransaction,
 * server to server, with the merchant's password), the customer's browser goes to the bank's common payment page,
 * which takes the card and 3-D Secure and charges it, and the bank sends the browser back to our return URL with the
 * transaction's ids in the query. Nothing in that return is signed (PayFlexCPV4Crypt implements no check3DHash): it
 * only names the transaction, and the outcome is the bank's own answer to our authenticated query (VposTransaction),
 * checked against our order. Status, voids, refunds and the reconciliation go through the bank's virtual POS services
 * with the same merchant credentials (PayFlexV4Pos: Search.aspx, Vposreq.aspx). PayFlex sends no server-to-server
 * notification: a return the customer never brought back is recovered by `inquire`.
 */

/** The browser return's answer: 200, and the wiring sends the customer on to our final page (303). */
const RETURN_ACK: PartnerAck = { status: 200, contentType: "text/plain; charset=utf-8", body: "OK" };

function unverified(reason: string): Unverified {
  return { ok: false, reason, ack: RETURN_ACK };
}

/** PayFlex's transaction ids and payment tokens: 32 hex digits ("3ee068d5b5a747ada65dafc0016d5887"), or GUIDs. */
const BANK_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The return's fields: the query the bank redirected with, and a form where a host posts one. Ours (lang) aside. */
function returnFields(message: IncomingMessage): Record<string, string> | null {
  const fields: Record<string, string> = {};
  for (const source of [message.query, message.form ?? {}])
    for (const [name, value] of Object.entries(source)) {
      if (name === "lang") continue;
      // The same name with two values: which one the bank meant is unclear.
      if (Object.hasOwn(fields, name) && fields[name] !== value) return null;
      fields[name] = value;
    }
  return fields;
}

async function startCheckout(config: PayflexCpConfig, order: CardOrder): Promise<CardCheckout> {
  const { root } = await postForm(config, config.gatewayUrl, "PayFlex registration", registrationFields(config, order));
  let registration;
  try {
    registration = readRegistration(root);
  } catch (error) {
    if (!(error instanceof RepeatedElement)) throw error;
    registration = null;
  }
  if (!registration)
    throw new PartnerCallError({ kind: "retry", reason: "PayFlex registration answered neither a token nor an error" });
  if (!registration.ok)
    throw new PartnerCallError({
      kind: "refused",
      error: {
        code: registration.code,
        message: `PayFlex refused the registration: ${registration.message.slice(0, 200) || "no reason given"}`,
      },
    });
  // The page must be the bank's own, on the host we registered with: an answer pointing elsewhere is not followed.
  const page = URL.parse(registration.url);
  if (!page || page.origin !== new URL(config.gatewayUrl).origin || !BANK_ID.test(registration.token))
    throw new PartnerCallError({ kind: "retry", reason: "PayFlex registration named a page off the bank's host" });
  page.searchParams.set("Ptkn", registration.token);
  return {
    next: { kind: "redirect", url: page.toString() },
    // The token the return names: the attempt is found by it.
    partnerReference: registration.token,
    // Each registration makes a new payable page: the same one is shown until the payment closes.
    reuseUntil: order.expiresAt,
  };
}

/**
 * Verifies what the customer's browser brought back. The return is unsigned: its PaymentToken must be the one our
 * registration got for one of this payment's attempts, then the bank is asked (at most once a minute per payment,
 * `mayAskPartner`) about the TransactionId and PaymentToken named, and only its answer counts, after it names our
 * token, merchant, order, amount and currency. A return whose verdict fields were changed asks the same question and
 * gets the bank's true answer; one the bank cannot confirm changes nothing (the status inquiry settles the payment).
 */
async function verifyReturn(
  config: PayflexCpConfig,
  message: IncomingMessage,
  lookup: OrderLookup,
  context: ReturnContext = {},
): Promise<VerifiedOutcome | Unverified> {
  const fields = returnFields(message);
  if (!fields) return unverified("PayFlex return names a field twice");
  const token = (fields.PaymentToken ?? "").trim();
  const transactionId = (fields.TransactionId ?? "").trim();
  if (!BANK_ID.test(token)) return unverified("PayFlex return without a payment token");
  const order = await lookup(token);
  if (!order || order.partnerReference !== token)
    return unverified("PayFlex return for a checkout of no attempt of this payment");
  if (!BANK_ID.test(transactionId)) return unverified("PayFlex return without a transaction id");
  if (context.mayAskPartner && !(await context.mayAskPartner()))
    return unverified("PayFlex return, and the bank was asked about this payment less than a minute ago");
  try {
    const { root } = await postForm(
      config,
      config.apiUrl,
      "PayFlex common payment",
      paymentQueryFields(config, transactionId, token),
    );
    const outcome = mapPaymentAnswer(
      root,
      { transactionId, paymentToken: token },
      {
        bankOrderId: payflexOrderIdOf(order.orderId),
        amount: order.amount,
        currency: order.currency,
        merchantId: config.merchantId,
      },
      config.acceptHalf3D,
    );
    if (typeof outcome === "string") return unverified(`PayFlex return not confirmed: ${outcome}`);
    return { ok: true, orderId: order.orderId, outcome, ack: RETURN_ACK };
  } catch (error) {
    if (error instanceof PartnerCallError)
      return unverified(`PayFlex return, and the bank could not confirm it: ${error.message}`);
    if (error instanceof RepeatedElement) return unverified(`PayFlex answer unreadable: ${error.message}`);
    throw error;
  }
}

/**
 * The order's state at the bank, from the virtual POS search by its order id. The search names the order id, amount
 * and currency of the sale (the core compares them with ours) but no 3-D Secure level: approvalOfUnsigned3D decides.
 */
async function inquire(config: PayflexCpConfig, order: CardOrderRef): Promise<PaymentOutcome> {
  let outcome: PaymentOutcome | null;
  try {
    const answer = await orderTransactions(config, order.orderId);
    outcome = mapSearchStatus(
      answer,
      { orderId: order.orderId, bankOrderId: payflexOrderIdOf(order.orderId) },
      config.acceptHalf3D,
    );
  } catch (error) {
    if (error instanceof RepeatedElement) outcome = null;
    else throw error;
  }
  if (!outcome)
    throw new PartnerCallError({ kind: "retry", reason: "PayFlex search answered no status of this order" });
  return outcome;
}

async function testConnection(config: PayflexCpConfig): Promise<{ ok: boolean; message: string }> {
  try {
    // The cheapest authenticated call: the search of an order that does not exist.
    const { root } = await postPrmstr(
      config,
      config.queryUrl,
      "PayFlex search",
      searchRequest(config, `CONNCHECK${Date.now().toString(36).toUpperCase()}`),
    );
    const answer = readSearch(root);
    if (answer?.code === APPROVED)
      return { ok: true, message: "Connected: VakıfBank accepted the merchant's credentials" };
    if (!answer) return { ok: false, message: "The PayFlex search answered no search result" };
    const said = `${answer.code} ${answer.message.slice(0, 200)}`.trim();
    return {
      ok: false,
      message: CREDENTIAL_CODES.has(answer.code)
        ? `VakıfBank refused the merchant's credentials: ${said}`
        : `The PayFlex search refused the request: ${said}`,
    };
  } catch (error) {
    if (error instanceof PartnerCallError) return { ok: false, message: error.message };
    if (error instanceof RepeatedElement)
      return { ok: false, message: `The PayFlex search answered unreadably: ${error.message}` };
    throw error;
  }
}

export type { PayflexCpConfig } from "./config";

export const payflexCpConnector: CardAcquirerConnector<PayflexCpConfig> = {
  name: "payflex-cp",
  kind: "card",
  spec: payflexCpSpec,
  configSchema: payflexCpConfigSchema,
  secretKeys: PAYFLEX_CP_SECRET_KEYS,
  testConnection,
  // The bank's common payment page, where "Pay by card" sends the customer.
  checkoutOrigins: (config) => [new URL(config.gatewayUrl).origin],
  startCheckout,
  verifyReturn,
  inquire,
  refund,
  inquireRefund,
  // Each order's search (the bank's search takes no period), for the daily reconciliation.
  report: payflexCpReport,
};
