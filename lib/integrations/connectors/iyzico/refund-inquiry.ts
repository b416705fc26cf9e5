import { minorUnitsFor, readMinorUnits } from "../amount-format";
import { PartnerCallError, type CardOrderRef, type RefundInquiry } from "../ports";
import { callIyzico } from "./client";
import type { IyzicoConfig } from "./config";
import { IYZICO_ANSWERED_PRICE, IYZICO_PRICE } from "./request-mapper";
import { partnerErrorOf } from "./response-mapper";

/**
 * Was a refund whose call got no answer made at iyzico? Asked of the reporting service's transaction detail
 * (GET /v2/reporting/payment/details, `reportingTransactionDetails` in the official client), which lists a
 * payment's refunds under its item transactions, each with the conversationId its refund was sent with
 * (`refundConversationId`). Every attempt of one refund is sent with our refund id as its conversationId, so
 * the refund is found by that id, not guessed from amounts.
 *
 * iyzico documents no response signature for this answer: it is trusted as the answer to our own
 * authenticated call over TLS, and only to settle a refund we asked for (never to move money by itself).
 * A refund status is read as the reporting service codes payment statuses (1 SUCCESS, 0 FAILURE); any
 * other value, or a refund whose amount or currency is not ours, leaves the refund unknown (retry).
 */

type Json = Record<string, unknown>;

const SUCCESS = new Set<unknown>([1, "1", "SUCCESS"]);
const FAILURE = new Set<unknown>([0, "0", "FAILURE"]);

const list = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((v): v is Json => typeof v === "object" && v !== null) : [];
const retry = (reason: string) => new PartnerCallError({ kind: "retry", reason });

export async function inquireRefund(
  config: IyzicoConfig,
  order: CardOrderRef,
  asked: { refundId: string; amount: string; recorded: readonly string[] },
): Promise<RefundInquiry> {
  const answer = await callIyzico(config, "reportingTransactionDetails", "retrieve", {
    locale: "tr",
    conversationId: asked.refundId,
    paymentConversationId: order.orderId,
  });
  if (answer.status !== "success")
    throw retry(`iyzico's report of the payment failed (${partnerErrorOf(answer).code})`);
  if (!Array.isArray(answer.payments)) throw retry("iyzico's report names no payments");
  const payments = list(answer.payments).filter((p) => p.paymentConversationId === order.orderId);
  let made = 0n;
  let paymentId: string | null = null;
  for (const payment of payments) {
    for (const item of list(payment.itemTransactions)) {
      for (const refund of list(item.refunds)) {
        if (refund.refundConversationId !== asked.refundId) continue;
        if (FAILURE.has(refund.refundStatus)) continue;
        if (!SUCCESS.has(refund.refundStatus))
          throw retry(`iyzico reports the refund as ${String(refund.refundStatus)}`);
        const price = readMinorUnits(refund.refundPrice, IYZICO_ANSWERED_PRICE);
        const currency = refund.currencyCode ?? payment.currency;
        if (price === null || currency !== order.currency)
          throw retry("iyzico reports the refund in another amount or currency");
        made += price;
        paymentId = String(payment.paymentId ?? "") || null;
      }
    }
  }
  if (made === 0n) return { status: "not_made" };
  const wanted = minorUnitsFor(asked.amount, IYZICO_PRICE);
  // A refund is spread over the basket's items; the parts of ours must add up to what we asked, no more, no less.
  if (made !== wanted) throw retry(`iyzico reports ${made} kuruş refunded under this refund id, not ${wanted}`);
  // The same reference as a refund answered at once: the payment it gave back from.
  return { status: "made", partnerReference: paymentId };
}
