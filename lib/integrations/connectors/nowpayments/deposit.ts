import type { DepositInstructions, GatewayDepositOrder, PaymentOutcome } from "../ports";
import { PartnerCallError } from "../ports";
import { call, failureOf, send } from "./client";
import { type NowpaymentsConfig, sandboxCaseOf } from "./config";
import { createPaymentBody, payCurrencyOf } from "./request-mapper";
import { paymentOutcome, readPayment } from "./response-mapper";

/**
 * A deposit is a NOWPayments payment: POST /v1/payment answers the address and the coin amount the
 * customer sends, which our payment page shows. NOWPayments does not refuse a repeated order_id, so the
 * create is idempotent through the core (it keeps the payment_id and never creates twice for a clientRef
 * that has one); a create whose answer was lost leaves at most an unpaid payment that expires.
 */
export async function issueDeposit(
  config: NowpaymentsConfig,
  order: GatewayDepositOrder,
): Promise<{ gatewayReference: string; instructions: DepositInstructions }> {
  const { network } = payCurrencyOf(order.cryptoType);
  const body = await call(config, {
    method: "POST",
    path: "/payment",
    body: createPaymentBody(order, sandboxCaseOf(config)),
  });
  const payment = readPayment(body);
  if (!payment || !payment.payAddress || !payment.payAmount)
    throw new PartnerCallError({
      kind: "retry",
      reason: "NOWPayments answered the payment without an address or amount",
    });
  if (payment.orderId !== null && payment.orderId !== order.clientRef)
    throw new PartnerCallError({ kind: "retry", reason: "NOWPayments answered a payment for another order" });
  return {
    gatewayReference: payment.paymentId,
    instructions: {
      kind: "crypto",
      network,
      cryptoType: order.cryptoType!.toUpperCase(),
      address: payment.payAddress,
      coinAmount: payment.payAmount,
      reference: payment.paymentId,
      ...(payment.validUntil ? { quoteValidUntil: new Date(payment.validUntil).toISOString() } : {}),
    },
  };
}

/** GET /v1/payment/{payment_id}: recovers a lost IPN. Without a payment id NOWPayments cannot be asked. */
export async function inquireDeposit(
  config: NowpaymentsConfig,
  clientRef: string,
  paymentId: string | null,
): Promise<PaymentOutcome> {
  if (!paymentId) return { status: "not_found" };
  const answer = await send(config, { method: "GET", path: `/payment/${encodeURIComponent(paymentId)}` });
  if (answer.status === 404) return { status: "not_found" };
  if (answer.status < 200 || answer.status >= 300) throw failureOf(answer, "GET /payment");
  const payment = readPayment(answer.body);
  if (!payment)
    throw new PartnerCallError({
      kind: "retry",
      reason: "NOWPayments answered the payment status in an unknown shape",
    });
  if (payment.orderId !== clientRef)
    throw new PartnerCallError({
      kind: "refused",
      error: { code: "ORDER_MISMATCH", message: "The payment at NOWPayments belongs to another order" },
    });
  return paymentOutcome(payment);
}
