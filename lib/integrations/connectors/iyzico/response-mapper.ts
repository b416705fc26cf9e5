import { readAmount } from "../amount-format";
import type { PartnerError, PaymentOutcome } from "../ports";
import { verifyResponseSignature, type SignedAnswer } from "./crypt";
import { IYZICO_ANSWERED_PRICE } from "./request-mapper";

/** iyzico's cardAssociation, as staff read a card's brand. */
const IYZICO_BRANDS: Record<string, string> = {
  VISA: "Visa",
  MASTER_CARD: "MasterCard",
  TROY: "Troy",
  AMERICAN_EXPRESS: "American Express",
};

/**
 * iyzico's answers to our words. Error codes are iyzico's (docs.iyzico.com "Error Codes": request errors
 * below 10000, bank answers from 10000); the message is ours in plain English, so the console does not show
 * whichever language the answer happened to be in.
 */
const ERROR_MESSAGES: Record<string, string> = {
  "1": "iyzico system error",
  "1000": "Invalid request signature",
  "1001": "API credentials not found",
  "10005": "Do not honour",
  "10012": "Invalid transaction",
  "10034": "Fraud suspected",
  "10041": "Lost card (pick up)",
  "10043": "Stolen card",
  "10051": "Insufficient funds",
  "10054": "Expired card",
  "10057": "Not permitted to the cardholder",
  "10058": "Not permitted to the terminal",
  "10084": "Invalid CVC2",
  "10093": "Card closed to e-commerce",
  "10201": "Card not permitted",
  "10204": "General payment error",
  "10207": "Refer to card issuer",
  "10209": "Blocked card",
  "10213": "BIN not found",
  "10214": "Communication or system error",
  "10215": "Invalid card number",
};

export function partnerErrorOf(answer: Record<string, unknown>): PartnerError {
  const code = answer.errorCode === undefined || answer.errorCode === null ? "" : String(answer.errorCode);
  const known = ERROR_MESSAGES[code];
  if (known) return { code, message: known };
  const group =
    typeof answer.errorGroup === "string" && answer.errorGroup
      ? answer.errorGroup.replaceAll("_", " ").toLowerCase()
      : null;
  const message = group ? group.charAt(0).toUpperCase() + group.slice(1) : "Payment not completed at iyzico";
  return { code: code || "IYZICO_FAILURE", message };
}

/** A checkout form's answer (retrieve) as an outcome; partnerReference is the token we store. */
export function outcomeOfCheckout(answer: Record<string, unknown>): PaymentOutcome {
  const token = typeof answer.token === "string" ? answer.token : null;
  return outcomeOfPayment(answer, token);
}

/**
 * A payment's state. SUCCESS is approved only once iyzico's fraud check let it through (fraudStatus 1;
 * 0 means "under review", -1 "rejected"); the 3-D steps in between are pending.
 */
export function outcomeOfPayment(answer: Record<string, unknown>, partnerReference: string | null): PaymentOutcome {
  const paymentStatus = answer.paymentStatus;
  if (paymentStatus === "SUCCESS") {
    const fraud = Number(answer.fraudStatus ?? 1);
    if (fraud === -1)
      return {
        status: "declined",
        error: { code: "FRAUD_REJECTED", message: "Rejected by iyzico's fraud check" },
        partnerReference,
      };
    if (fraud === 0) return { status: "pending" };
    const amount = readAmount(answer.paidPrice, IYZICO_ANSWERED_PRICE);
    if (amount === null) return { status: "pending" };
    // paymentId names this charge: a second token of the same order paid is another paymentId (signed in both answers).
    const chargeReference =
      typeof answer.paymentId === "string" || typeof answer.paymentId === "number" ? String(answer.paymentId) : null;
    const last4 =
      typeof answer.lastFourDigits === "string" && /^\d{4}$/.test(answer.lastFourDigits) ? answer.lastFourDigits : null;
    return {
      status: "approved",
      amount,
      partnerReference,
      authCode: typeof answer.authCode === "string" ? answer.authCode : null,
      chargeReference,
      ...(last4 ? { card: { brand: IYZICO_BRANDS[String(answer.cardAssociation)] ?? null, last4 } } : {}),
    };
  }
  if (paymentStatus === "FAILURE") return { status: "declined", error: partnerErrorOf(answer), partnerReference };
  return { status: "pending" };
}

/** What the order must match: ours, as the OrderLookup holds it. */
export type ExpectedOrder = { orderId: string; amount: string; currency: string };

/**
 * Why an answer about our order cannot be trusted, or null when it can: iyzico's signature first, then
 * basketId and conversationId (both are our order id) and, for a paid order, paidPrice and currency.
 * iyzico echoes the conversationId of the retrieve request, so a retrieve sent without one (the browser's
 * return, before we know the order) may answer without it: `conversationIdMayBeAbsent` allows that, the
 * signed basketId still naming the order.
 */
export function distrustOf(
  kind: SignedAnswer,
  answer: Record<string, unknown>,
  secretKey: string,
  order: ExpectedOrder,
  conversationIdMayBeAbsent = false,
): string | null {
  if (answer.status !== "success") return "iyzico answered with a failure";
  if (!verifyResponseSignature(kind, answer, secretKey)) return "iyzico's response signature does not verify";
  const conversationOk =
    answer.conversationId === order.orderId ||
    (conversationIdMayBeAbsent &&
      (answer.conversationId === undefined || answer.conversationId === null || answer.conversationId === ""));
  if (answer.basketId !== order.orderId || !conversationOk) return "the answer is about another order";
  if (answer.paymentStatus === "SUCCESS") {
    if (readAmount(answer.paidPrice, IYZICO_ANSWERED_PRICE) !== order.amount)
      return "the paid amount differs from the order's";
    if (answer.currency !== order.currency) return "the currency differs from the order's";
  }
  return null;
}
