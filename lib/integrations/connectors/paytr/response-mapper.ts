import { toCents } from "@/lib/base/money/cents";
import { cardShownOfMasked, PartnerCallError, type PartnerError, type PaymentOutcome } from "../ports";
import { paytrWords, type PaytrAnswer } from "./client";

/**
 * PayTR's answers in our words. The notification's `failed_reason_code` values are PayTR's error-code table
 * ("PayTR Hata Kodları": codes sent to the notification URL before the bank is reached, and 0 for the bank's
 * own refusal with its text in `failed_reason_msg`). Code 6 is the customer leaving the payment page or its
 * time running out: a cancellation, not a decline.
 */

const REASONS: Record<string, string> = {
  "0": "Declined by the card's bank",
  "1": "Identity verification was not completed",
  "2": "Identity verification failed",
  "3": "Not approved after PayTR's security check",
  "6": "The customer left PayTR's payment page or its time ran out",
  "8": "Installments are not allowed for this card",
  "9": "The store may not take payments with this card",
  "10": "3-D Secure is required for this payment",
  "11": "Security warning: not approved",
  "99": "PayTR integration error",
};

export const ABANDONED = "6";

/** `failed_reason_code` and `failed_reason_msg` as the payment's error; PayTR's own text kept in brackets. */
export function failureOf(code: string | undefined, message: string | undefined): PartnerError {
  const c = code && /^\d{1,4}$/.test(code) ? code : "PAYTR";
  const words = REASONS[c] ?? "PayTR declined the payment";
  const theirs = message?.trim().slice(0, 200);
  return { code: c, message: theirs ? `${words} (${theirs})` : words };
}

/**
 * A verified notification's outcome; amount and reference are checked by the caller first. The notification names no
 * card (its fields are merchant_oid, status, total_amount, hash and unsigned extras): its approval shows none.
 */
export function notificationOutcome(
  fields: Record<string, string>,
  amount: string,
  merchantOid: string,
  collected?: string,
): PaymentOutcome {
  if (fields.status === "success")
    return {
      status: "approved",
      amount,
      partnerReference: merchantOid,
      authCode: null,
      ...(collected && { collected }),
    };
  const error = failureOf(fields.failed_reason_code, fields.failed_reason_msg);
  return error.code === ABANDONED
    ? { status: "cancelled", error, partnerReference: merchantOid }
    : { status: "declined", error, partnerReference: merchantOid };
}

/**
 * An amount as the status inquiry writes it. Its document's example is "10,8" (a comma), the refund API's a
 * dot ("10.25"): either separator is read, at most two decimals, no thousands separators. Null otherwise.
 */
export function inquiryAmount(value: unknown): string | null {
  const text =
    typeof value === "number" && Number.isFinite(value) ? String(value) : typeof value === "string" ? value.trim() : "";
  const match = /^(\d{1,16})(?:[.,](\d{1,2}))?$/.exec(text);
  return match ? `${String(BigInt(match[1]!))}.${(match[2] ?? "").padEnd(2, "0")}` : null;
}

/**
 * The status inquiry's answer ("Durum Sorgu") about our order as its state. PayTR describes a payment that went
 * through (what was paid, when, the card: `masked_pan`, shown on the approval); for any other order it answers an
 * error whose kinds it does not document, so an error is no verdict (ask again). An answer naming less paid than our
 * order, or another order amount, is none either.
 */
export function mapStatusAnswer(answer: PaytrAnswer, order: { amount: string; merchantOid: string }): PaymentOutcome {
  if (answer.status !== "success")
    throw new PartnerCallError({
      kind: "retry",
      reason: `PayTR's status inquiry gave no payment: ${paytrWords(answer)}`,
    });
  const asked = inquiryAmount(answer.payment_amount);
  const paid = inquiryAmount(answer.payment_total);
  const ours = toCents(order.amount);
  const paidCents = paid === null ? null : toCents(paid);
  // payment_total above payment_amount is the customer's installment interest or surcharge (as in the notification).
  if (asked !== order.amount || ours === null || paidCents === null || paidCents < ours)
    throw new PartnerCallError({
      kind: "retry",
      reason: `PayTR's status names ${paid ?? "no amount"} paid, not the payment's ${order.amount}`,
    });
  const collected = paidCents > ours ? { collected: paid! } : {};
  const card = cardShownOfMasked(typeof answer.masked_pan === "string" ? answer.masked_pan : undefined);
  return {
    status: "approved",
    amount: order.amount,
    partnerReference: order.merchantOid,
    authCode: null,
    ...collected,
    ...(card ? { card } : {}),
  };
}

/** The refunds the status inquiry lists (`returns`), by PayTR's reference_no where it gives one. */
export function returnsOf(answer: PaytrAnswer): { amount: string | null; referenceNo: string | null }[] {
  const list = Array.isArray(answer.returns)
    ? answer.returns
    : answer.returns && typeof answer.returns === "object"
      ? Object.values(answer.returns)
      : [];
  return list
    .filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === "object")
    .map((r) => ({
      amount: inquiryAmount(r.return_amount),
      referenceNo: typeof r.reference_no === "string" ? r.reference_no : null,
    }));
}
