import type { DepositInstructions, GatewayDepositOrder, NextStep, PaymentOutcome } from "../ports";
import { PartnerCallError } from "../ports";
import { callOrRefuse, lookUpPapara, type PaparaResult } from "./client";
import type { PaparaConfig } from "./config";
import { paymentRequest } from "./request-mapper";
import { paymentOutcome, readPayment, type PaparaPayment } from "./response-mapper";

/**
 * A deposit is a Papara payment: `POST /payments` answers a `paymentUrl`, the customer pays there (Papara
 * balance, a saved card or mobile payment) and is sent back to our payment page; Papara notifies us. Papara
 * does not refuse a repeated referenceId, so before creating, the payment under our clientRef is looked up
 * (`GET /payments/reference`): one still awaiting payment for our amount is offered again, never a second.
 */

/** Papara deletes payments nobody paid after an hour (its Payments documentation); past this, none is coming. */
const UNPAID_GONE_AFTER_MS = 2 * 60 * 60_000;

function paymentOrThrow(result: PaparaResult, what: string): PaparaPayment | null {
  if (result.kind === "not_found" || result.data === null) return null;
  const payment = readPayment(result.data);
  if (!payment) throw new PartnerCallError({ kind: "retry", reason: `Papara answered ${what} in an unknown shape` });
  return payment;
}

export async function paymentById(config: PaparaConfig, id: string): Promise<PaparaPayment | null> {
  return paymentOrThrow(await lookUpPapara(config, { method: "GET", path: "/payments", query: { id } }), "the payment");
}

async function paymentByReference(config: PaparaConfig, clientRef: string): Promise<PaparaPayment | null> {
  return paymentOrThrow(
    await lookUpPapara(config, { method: "GET", path: "/payments/reference", query: { referenceId: clientRef } }),
    "the payment by reference",
  );
}

function issued(payment: PaparaPayment): {
  gatewayReference: string;
  instructions: DepositInstructions;
  next: NextStep;
} {
  const url = payment.paymentUrl!;
  return {
    gatewayReference: payment.id,
    instructions: { kind: "payment_page", partner: "Papara", url, reference: payment.id },
    next: { kind: "redirect", url },
  };
}

export async function issueDeposit(config: PaparaConfig, order: GatewayDepositOrder) {
  const body = paymentRequest(order);
  if (!body) {
    throw new PartnerCallError({
      kind: "refused",
      error: { code: "AMOUNT_NOT_SUPPORTED", message: "Papara takes payments of 1.00 to 500000.00 TRY" },
    });
  }
  const earlier = await paymentByReference(config, order.clientRef);
  if (
    earlier &&
    earlier.referenceId === order.clientRef &&
    earlier.amount === order.amount &&
    earlier.paymentUrl &&
    (earlier.status === 0 || earlier.status === 1)
  )
    return issued(earlier);
  const created = await callOrRefuse(config, { method: "POST", path: "/payments", body });
  const payment = paymentOrThrow(created, "the new payment");
  if (!payment?.paymentUrl)
    throw new PartnerCallError({ kind: "retry", reason: "Papara answered the payment without its id or payment URL" });
  if (
    (payment.referenceId !== null && payment.referenceId !== order.clientRef) ||
    (payment.amount !== null && payment.amount !== order.amount)
  ) {
    throw new PartnerCallError({ kind: "retry", reason: "Papara answered a payment for another order or amount" });
  }
  return issued(payment);
}

/**
 * `GET /payments?id=` (or by our reference when no id was kept). A payment Papara no longer has, long after
 * it was issued, is one nobody paid (Papara deletes those after an hour; paid ones never): cancelled.
 */
export async function inquireDeposit(
  config: PaparaConfig,
  clientRef: string,
  paymentId: string | null,
  createdAt?: string,
): Promise<PaymentOutcome> {
  const payment = paymentId ? await paymentById(config, paymentId) : await paymentByReference(config, clientRef);
  if (!payment) {
    const age = createdAt ? Date.now() - Date.parse(createdAt) : 0;
    if (paymentId && age > UNPAID_GONE_AFTER_MS)
      return {
        status: "cancelled",
        error: { code: "EXPIRED", message: "The customer did not pay at Papara, which no longer holds the payment" },
        partnerReference: paymentId,
      };
    return { status: "not_found" };
  }
  if (payment.referenceId !== null && payment.referenceId !== clientRef)
    throw new PartnerCallError({
      kind: "refused",
      error: { code: "ORDER_MISMATCH", message: "The payment at Papara belongs to another order" },
    });
  if (!payment.lira) throw new PartnerCallError({ kind: "retry", reason: "Papara's payment is not in TRY" });
  const outcome = paymentOutcome(payment);
  if (!outcome)
    throw new PartnerCallError({
      kind: "retry",
      reason: `Papara's payment status ${String(payment.status)} is not one it documents`,
    });
  return outcome;
}
