import type { IncomingMessage, OrderLookup, PartnerAck, Unverified, VerifiedOutcome } from "../ports";
import { PartnerCallError } from "../ports";
import type { NowpaymentsConfig } from "./config";
import { isValidIpnSignature } from "./crypt";
import { compareDecimals } from "./decimal";
import { paymentOutcome, payoutOutcome, readPayment, readPayout } from "./response-mapper";
import { fetchPayout } from "./withdrawal";

/**
 * An IPN, payment or payout, verified before anything in it is trusted: the x-nowpayments-sig signature
 * over the sorted body first; then for a payment our order id and, given the order, its amount and
 * currency; for a payout (whose IPN does not carry our reference) the payout as NOWPayments' own status
 * answer describes it, which must be the signed one.
 */

const ACK: PartnerAck = { status: 200, contentType: "application/json", body: '{"status":"ok"}' };
const refuse = (reason: string, status = 400): Unverified => ({ ok: false, reason, ack: { status, contentType: "application/json", body: '{"status":"rejected"}' } });

type Verified = (VerifiedOutcome & { direction: "deposit" | "withdrawal" }) | Unverified;

export async function verifyNotification(config: NowpaymentsConfig, message: IncomingMessage, lookup?: OrderLookup): Promise<Verified> {
  if (message.method.toUpperCase() !== "POST") return refuse("not a POST", 405);
  let body: unknown;
  try {
    body = JSON.parse(message.rawBody);
  } catch {
    return refuse("body is not JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return refuse("body is not a JSON object");
  if (!isValidIpnSignature(config.ipnSecret, body, message.headers["x-nowpayments-sig"])) return refuse("x-nowpayments-sig missing or wrong", 401);
  const fields = body as Record<string, unknown>;
  if (fields.payment_id !== undefined) return verifyPayment(body, lookup);
  if (fields.batch_withdrawal_id !== undefined) return verifyPayout(config, body);
  return refuse("signed, but neither a payment nor a payout");
}

async function verifyPayment(body: unknown, lookup?: OrderLookup): Promise<Verified> {
  const payment = readPayment(body);
  if (!payment?.orderId) return refuse("payment IPN without payment_id, status or order_id");
  if (lookup) {
    const order = await lookup(payment.orderId);
    if (!order) return refuse(`unknown order ${payment.orderId}`);
    if (order.partnerReference && order.partnerReference !== payment.paymentId && !payment.parentPaymentId) return refuse("payment_id is not the order's payment");
    if (!payment.priceAmount || compareDecimals(payment.priceAmount, order.amount) !== 0) return refuse("price_amount differs from the order's amount");
    if (payment.priceCurrency !== order.currency.toLowerCase()) return refuse("price_currency differs from the order's currency");
  }
  return { ok: true, orderId: payment.orderId, outcome: paymentOutcome(payment), ack: ACK, direction: "deposit" };
}

async function verifyPayout(config: NowpaymentsConfig, body: unknown): Promise<Verified> {
  const signed = readPayout(body);
  if (!signed) return refuse("payout IPN without id or status");
  let known;
  try {
    known = await fetchPayout(config, "", signed.id);
  } catch (error) {
    // Not recorded, and answered with an error so that NOWPayments sends it again.
    return refuse(error instanceof PartnerCallError ? `payout lookup failed: ${error.message}` : "payout lookup failed", 503);
  }
  if (!known || known.id !== signed.id) return refuse(`payout ${signed.id} unknown to NOWPayments' status answer`);
  if (known.address !== signed.address || known.currency !== signed.currency || (known.amount && signed.amount && compareDecimals(known.amount, signed.amount) !== 0)) {
    return refuse("payout IPN differs from NOWPayments' status answer");
  }
  const orderId = known.uniqueExternalId ?? known.ours?.clientRef;
  if (!orderId) return refuse("payout carries none of our references");
  // The signed status is what this message reports; the status answer only identifies the order.
  return { ok: true, orderId, outcome: payoutOutcome({ ...known, status: signed.status, error: signed.error }), ack: ACK, direction: "withdrawal" };
}
