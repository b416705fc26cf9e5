import { randomInt } from "node:crypto";
import type { CancelRecord, IyzicoState, Payment, RefundRecord } from "./state";

/**
 * What happens at iyzico outside our calls, for reconciliation tests: a refund or cancel made in the merchant
 * panel, a payment the service never started, an amount iyzico holds differently, a payment approved after the
 * service saw it declined or abandoned. Each changes the simulator's state, so every answer (the status inquiry,
 * the transaction detail, the daily report) tells the same story, as iyzico's would.
 */

let panelTxIds = 80_000_000;

/** A card the simulated page approves (Halkbank MasterCard, cards.ts). */
const APPROVED_CARD = "5528790000000008";

const cents = (amount: string): bigint => {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new Error(`not an amount: ${amount}`);
  return BigInt(match[1] ?? "0") * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
};

/** The order's newest approved payment; a panel operation on an order without one is a mistake in the test. */
function approvedPayment(state: IyzicoState, orderId: string): Payment {
  const payment = state
    .paymentsByConversation(orderId)
    .reverse()
    .find((p) => p.paymentStatus === "SUCCESS");
  if (!payment) throw new Error(`iyzico has no approved payment for ${orderId}`);
  return payment;
}

/** A refund made in the merchant panel: no conversationId of ours, listed under the payment like any other. */
export function panelRefund(state: IyzicoState, orderId: string, amount: string): RefundRecord {
  const payment = approvedPayment(state, orderId);
  const refunded = BigInt(payment.refunded) + cents(amount);
  if (refunded > cents(payment.paidPrice)) throw new Error("the panel refuses a refund above what is left");
  payment.refunded = Number(refunded);
  const record: RefundRecord = {
    refundTxId: (panelTxIds += 1),
    refundConversationId: "",
    refundPrice: Number(amount),
    currencyCode: payment.currency,
    refundStatus: 1,
    createdDate: new Date().toISOString(),
  };
  payment.refunds.push(record);
  return record;
}

/** A cancel (void) of the whole payment made in the merchant panel, the same day as the payment. */
export function panelCancel(state: IyzicoState, orderId: string): CancelRecord {
  const payment = approvedPayment(state, orderId);
  payment.refunded = Number(cents(payment.paidPrice));
  payment.refundable = false;
  const record: CancelRecord = {
    refundId: (panelTxIds += 1),
    cancelConversationId: "",
    refundPrice: Number(payment.paidPrice),
    currencyCode: payment.currency,
    refundStatus: 1,
    createdDate: new Date().toISOString(),
  };
  payment.cancels.push(record);
  return record;
}

/**
 * An approved payment to the merchant `apiKey` (the default merchant unless given) that the service never started
 * (another shop on the same keys, an order id it never sent).
 */
export function unknownSale(
  state: IyzicoState,
  input: { amount: string; orderId?: string; currency?: string; at?: Date; apiKey?: string },
): Payment {
  const apiKey = input.apiKey ?? state.defaultMerchant.apiKey;
  if (!state.merchants.has(apiKey)) throw new Error(`iyzico has no merchant ${apiKey}`);
  const orderId = input.orderId ?? `PANEL-${randomInt(100_000, 999_999)}`;
  const price = String(Number(input.amount));
  const payment: Payment = {
    paymentId: String(randomInt(10_000_000, 99_999_999)),
    apiKey,
    paymentStatus: "SUCCESS",
    token: "",
    conversationId: orderId,
    basketId: orderId,
    price,
    paidPrice: price,
    currency: input.currency ?? "TRY",
    authCode: String(randomInt(100_000, 999_999)),
    refundable: true,
    refunded: 0,
    refunds: [],
    cancels: [],
    createdAt: (input.at ?? new Date()).getTime(),
    itemTransactions: [
      {
        itemId: orderId,
        paymentTransactionId: String(randomInt(10_000_000, 99_999_999)),
        price: Number(price),
        paidPrice: Number(price),
      },
    ],
    // A sale made elsewhere on the account: the Halkbank MasterCard of iyzico's test cards.
    binNumber: "552879",
    lastFourDigits: "0008",
    cardAssociation: "MASTER_CARD",
  };
  state.payments.set(payment.paymentId, payment);
  return payment;
}

/** iyzico holds the order's newest approved payment at another amount than it was paid. */
export function alterAmount(state: IyzicoState, orderId: string, amount: string): Payment {
  const payment = approvedPayment(state, orderId);
  const price = String(Number(amount));
  Object.assign(payment, { price, paidPrice: price });
  // One item per basket (the connector sends one): the item carries the whole amount.
  for (const item of payment.itemTransactions) Object.assign(item, { price: Number(price), paidPrice: Number(price) });
  return payment;
}

/**
 * The order is approved after the service saw it declined (its newest payment failed) or abandoned (a form with no
 * payment): iyzico now holds an approved payment for it, dated now.
 */
export function approveLate(state: IyzicoState, orderId: string): Payment {
  const declined = state
    .paymentsByConversation(orderId)
    .reverse()
    .find((p) => p.paymentStatus === "FAILURE");
  if (declined) {
    delete declined.errorCode;
    delete declined.errorGroup;
    delete declined.errorMessage;
    return Object.assign(declined, {
      paymentStatus: "SUCCESS" as const,
      authCode: String(randomInt(100_000, 999_999)),
      refundable: true,
      createdAt: Date.now(),
    });
  }
  const form = [...state.forms.values()].reverse().find((f) => f.conversationId === orderId && !f.payment);
  if (!form) throw new Error(`iyzico has no declined payment or unpaid form for ${orderId}`);
  return state.pay(form, APPROVED_CARD);
}
