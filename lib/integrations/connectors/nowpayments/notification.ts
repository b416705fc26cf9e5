import type { IncomingMessage, OrderLookup, PartnerAck, Unverified, VerifiedOutcome, WithdrawalLookup } from "../ports";
import type { NowpaymentsConfig } from "./config";
import { isValidIpnSignature } from "./crypt";
import { compareDecimals } from "../amount-format";
import { payoutTarget } from "./request-mapper";
import { paymentOutcome, payoutOutcome, readPayment, readPayout } from "./response-mapper";

/**
 * An IPN, payment or payout, verified before anything in it is trusted: the x-nowpayments-sig signature
 * over the sorted body first; then for a payment our order id and, given the order, its amount and
 * currency; for a payout (whose IPN carries none of our references) the withdrawal we recorded under its
 * payout id, whose wallet address and coin it must name.
 *
 * Nothing here calls NOWPayments: it expects its IPN answered within seconds, and a slow status call in
 * the request would make it give up and send again. A payout we have not recorded yet (the answer to our
 * create was lost) is refused, so NOWPayments sends it again; meanwhile the job runner's resubmission finds
 * the payout by our reference and records it, and the status inquiry settles it in any case.
 */

const ACK: PartnerAck = { status: 200, contentType: "application/json", body: '{"status":"ok"}' };
const refuse = (reason: string, status = 400): Unverified => ({
  ok: false,
  reason,
  ack: { status, contentType: "application/json", body: '{"status":"rejected"}' },
});

type Verified = (VerifiedOutcome & { direction: "deposit" | "withdrawal" }) | Unverified;

export async function verifyNotification(
  config: NowpaymentsConfig,
  message: IncomingMessage,
  lookup?: OrderLookup,
  byReference?: WithdrawalLookup,
): Promise<Verified> {
  if (message.method.toUpperCase() !== "POST") return refuse("not a POST", 405);
  let body: unknown;
  try {
    body = JSON.parse(message.rawBody);
  } catch {
    return refuse("body is not JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return refuse("body is not a JSON object");
  if (!isValidIpnSignature(config.ipnSecret, body, message.headers["x-nowpayments-sig"]))
    return refuse("x-nowpayments-sig missing or wrong", 401);
  const fields = body as Record<string, unknown>;
  if (fields.payment_id !== undefined) return verifyPayment(body, lookup);
  if (fields.batch_withdrawal_id !== undefined) return verifyPayout(body, byReference);
  return refuse("signed, but neither a payment nor a payout");
}

async function verifyPayment(body: unknown, lookup?: OrderLookup): Promise<Verified> {
  const payment = readPayment(body);
  if (!payment?.orderId) return refuse("payment IPN without payment_id, status or order_id");
  if (lookup) {
    const order = await lookup(payment.orderId);
    if (!order) return refuse(`unknown order ${payment.orderId}`);
    if (order.partnerReference && order.partnerReference !== payment.paymentId && !payment.parentPaymentId)
      return refuse("payment_id is not the order's payment");
    if (!payment.priceAmount || compareDecimals(payment.priceAmount, order.amount) !== 0)
      return refuse("price_amount differs from the order's amount");
    if (payment.priceCurrency !== order.currency.toLowerCase())
      return refuse("price_currency differs from the order's currency");
  }
  return { ok: true, orderId: payment.orderId, outcome: paymentOutcome(payment), ack: ACK, direction: "deposit" };
}

async function verifyPayout(body: unknown, byReference?: WithdrawalLookup): Promise<Verified> {
  const signed = readPayout(body);
  if (!signed) return refuse("payout IPN without id or status");
  const order = byReference ? await byReference(signed.id) : null;
  if (!order) return refuse(`payout ${signed.id} is not a withdrawal recorded here (yet)`);
  let target: { ticker: string; address: string };
  try {
    target = payoutTarget(order);
  } catch {
    return refuse("the withdrawal recorded under this payout names no wallet we pay to");
  }
  if (signed.address !== target.address || signed.currency?.toLowerCase() !== target.ticker)
    return refuse("payout IPN names another wallet or coin than our withdrawal");
  // The signed status is what this message reports; the amount is our withdrawal's (the IPN's is in coins).
  const ours = { clientRef: order.orderId, amount: order.amount, currency: order.currency };
  return {
    ok: true,
    orderId: order.orderId,
    outcome: payoutOutcome({ ...signed, ours }),
    ack: ACK,
    direction: "withdrawal",
  };
}
