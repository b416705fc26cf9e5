import type { PartnerError, PaymentOutcome } from "../ports";
import { compareDecimals, decimalOfJsonNumber, mulDivDown, truncateDecimal } from "../amount-format";
import { readPayoutDescription } from "./request-mapper";

/**
 * NOWPayments' answers in our words. A payment (create answer, GET /v1/payment/{id}, payment IPN) and a
 * payout (GET /v1/payout/{id}, payout IPN) each become a PaymentOutcome.
 */

export type PaymentRecord = {
  paymentId: string;
  status: string;
  orderId: string | null;
  priceAmount: string | null;
  priceCurrency: string | null;
  payAmount: string | null;
  actuallyPaid: string | null;
  payAddress: string | null;
  payCurrency: string | null;
  parentPaymentId: string | null;
  /** Until when the quoted pay_amount holds: `valid_until` of a fixed-rate payment, else `expiration_estimate_date`. */
  validUntil: string | null;
};

const idText = (value: unknown) =>
  typeof value === "string" && value !== ""
    ? value
    : typeof value === "number" && Number.isSafeInteger(value)
      ? String(value)
      : null;
const str = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** A payment object as NOWPayments writes it; null when it is not one. */
export function readPayment(body: unknown): PaymentRecord | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const paymentId = idText(b.payment_id);
  const status = str(b.payment_status);
  if (!paymentId || !status) return null;
  return {
    paymentId,
    status: status.toLowerCase(),
    orderId: str(b.order_id),
    priceAmount: decimalOfJsonNumber(b.price_amount),
    priceCurrency: str(b.price_currency)?.toLowerCase() ?? null,
    payAmount: decimalOfJsonNumber(b.pay_amount),
    actuallyPaid: decimalOfJsonNumber(b.actually_paid),
    payAddress: str(b.pay_address),
    payCurrency: str(b.pay_currency),
    parentPaymentId: idText(b.parent_payment_id),
    validUntil:
      [str(b.valid_until), str(b.expiration_estimate_date)].find((v) => v !== null && !Number.isNaN(Date.parse(v))) ??
      null,
  };
}

const ERRORS = {
  failed: { code: "FAILED", message: "The payment failed at NOWPayments" },
  refunded: { code: "REFUNDED", message: "The payment was refunded to the customer" },
  expired: { code: "EXPIRED", message: "The customer did not pay before the payment expired" },
  unknown: { code: "UNKNOWN_STATUS", message: "NOWPayments reported a status we do not know" },
} satisfies Record<string, PartnerError>;

/**
 * The payment's state. `finished` is approved for the price we asked: the only status that credits.
 * `partially_paid` (NOWPayments: "the customer sent less than the actual price", reported once the funds
 * arrived) is no verdict: the customer may still send the rest, and NOWPayments then reports `finished` for
 * the same payment, which must credit the whole price. It is reported as pending with what arrived (in coins,
 * and in fiat at the payment's own quote: price_amount × actually_paid ÷ pay_amount, rounded down to the
 * kuruş) for staff to see. A re-deposit (a child payment with parent_payment_id) is left pending: its sum is
 * at the day's rate and NOWPayments advises against settling on it automatically; staff decide.
 */
export function paymentOutcome(payment: PaymentRecord): PaymentOutcome {
  const partnerReference = payment.paymentId;
  if (payment.parentPaymentId) return { status: "pending" };
  switch (payment.status) {
    case "waiting":
    case "confirming":
    case "confirmed":
    case "sending":
      return { status: "pending" };
    case "finished":
      if (!payment.priceAmount) return { status: "pending" };
      return { status: "approved", amount: truncateDecimal(payment.priceAmount, 2), partnerReference };
    case "partially_paid": {
      const amount = partialFiatAmount(payment);
      if (!amount || !payment.actuallyPaid) return { status: "pending" };
      return {
        status: "pending",
        partiallyPaid: { amount, paid: payment.actuallyPaid, asset: payment.payCurrency ?? "" },
      };
    }
    case "failed":
      return { status: "declined", error: ERRORS.failed, partnerReference };
    case "refunded":
      return { status: "declined", error: ERRORS.refunded, partnerReference };
    case "expired":
      return { status: "cancelled", error: ERRORS.expired, partnerReference };
    default:
      return { status: "pending" };
  }
}

/** price_amount × actually_paid ÷ pay_amount, down to two places; null when it cannot be computed or is zero. */
export function partialFiatAmount(
  payment: Pick<PaymentRecord, "priceAmount" | "payAmount" | "actuallyPaid">,
): string | null {
  const { priceAmount, payAmount, actuallyPaid } = payment;
  if (!priceAmount || !payAmount || !actuallyPaid || compareDecimals(payAmount, "0") <= 0) return null;
  // Never more than the price, even if the quote and the arrival disagree.
  const paid =
    compareDecimals(actuallyPaid, payAmount) >= 0
      ? truncateDecimal(priceAmount, 2)
      : mulDivDown(priceAmount, actuallyPaid, payAmount, 2);
  return compareDecimals(paid, "0") > 0 ? paid : null;
}

// ---------------------------------------------------------------- payouts

export type PayoutRecord = {
  id: string;
  batchId: string | null;
  status: string;
  error: string | null;
  currency: string | null;
  amount: string | null;
  address: string | null;
  uniqueExternalId: string | null;
  /** Our description read back: clientRef, fiat amount and currency of the order. */
  ours: { clientRef: string; amount: string; currency: string } | null;
};

/**
 * A payout (one withdrawal of a batch) as NOWPayments writes it; null when it is not one. Their answers name
 * the same fields in snake_case (the API documentation) and camelCase (the mass payouts SDK's types, and some
 * of the documentation's own examples): either is read.
 */
export function readPayout(body: unknown): PayoutRecord | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const id = idText(b.id);
  const status = str(b.status);
  if (!id || !status) return null;
  return {
    id,
    batchId: idText(b.batch_withdrawal_id ?? b.batchWithdrawalId),
    status: status.toLowerCase(),
    error: str(b.error),
    currency: str(b.currency),
    amount: decimalOfJsonNumber(b.amount),
    address: str(b.address),
    uniqueExternalId: str(b.unique_external_id ?? b.uniqueExternalId),
    ours: readPayoutDescription(b.payout_description ?? b.payoutDescription),
  };
}

/**
 * GET /v1/payout/{id}: the batch the payout belongs to, `{ id, withdrawals: [...] }` (NOWPayments' mass
 * payouts SDK, `getPayoutStatus`); the API documentation's example shows the withdrawals alone as an array,
 * which is read too. Null when the answer is neither.
 */
export function readPayoutStatus(body: unknown): PayoutRecord[] | null {
  const batch =
    body && typeof body === "object" && !Array.isArray(body)
      ? (body as { withdrawals?: unknown }).withdrawals
      : undefined;
  const items = Array.isArray(batch) ? batch : Array.isArray(body) ? body : null;
  return items ? items.map(readPayout).filter((p): p is PayoutRecord => p !== null) : null;
}

/**
 * creating/waiting/processing/sending are in flight; finished is paid (for the fiat amount we converted,
 * from our description); failed and rejected are a definite no. NOWPayments warns a `failed` payout may
 * still be processed after support's confirmation: it is reported, and a later `finished` IPN is recorded
 * as the conflict it is.
 */
export function payoutOutcome(payout: PayoutRecord): PaymentOutcome {
  const partnerReference = payout.id;
  switch (payout.status) {
    case "finished":
      return payout.ours ? { status: "approved", amount: payout.ours.amount, partnerReference } : { status: "pending" };
    case "failed":
      return {
        status: "declined",
        error: {
          code: "PAYOUT_FAILED",
          message: payout.error ? `Payout failed: ${payout.error}` : "The payout failed at NOWPayments",
        },
        partnerReference,
      };
    case "rejected":
      return {
        status: "declined",
        error: {
          code: "PAYOUT_REJECTED",
          message: payout.error
            ? `Payout rejected: ${payout.error}`
            : "The payout was rejected (not verified in time or refused)",
        },
        partnerReference,
      };
    default:
      return { status: "pending" };
  }
}

// ---------------------------------------------------------------- errors

/** NOWPayments' error body: { status: false, statusCode, code, message }. */
export function readErrorBody(body: unknown): { code: string | null; message: string | null } {
  if (!body || typeof body !== "object") return { code: null, message: null };
  const b = body as Record<string, unknown>;
  return { code: str(b.code), message: str(b.message) };
}

const PLAIN: Record<string, string> = {
  INVALID_API_KEY: "The API key is not valid",
  AUTH_REQUIRED: "The payout API needs a valid login (JWT)",
  INVALID_REQUEST_PARAMS: "NOWPayments refused the request's parameters",
  BAD_CREATE_WITHDRAWAL_REQUEST: "NOWPayments refused the payout (address or amount)",
  NOT_ENOUGH_BALANCE: "Insufficient balance for the payout",
  INVALID_VERIFICATION_CODE: "The 2FA verification code was refused",
};

export function partnerErrorOf(status: number, body: unknown): PartnerError {
  const { code, message } = readErrorBody(body);
  const key = code ?? `HTTP_${status}`;
  return {
    code: key,
    message: PLAIN[key] ?? (message ? `NOWPayments: ${message}` : `NOWPayments answered HTTP ${status}`),
  };
}
