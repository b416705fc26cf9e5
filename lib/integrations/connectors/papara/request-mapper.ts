import {
  compareDecimals,
  jsonNumberOf,
  writeAmountOrNull,
  type AmountReading,
  type AmountWriting,
} from "../amount-format";
import type { GatewayDepositOrder, GatewayWithdrawalOrder } from "../ports";

/**
 * What we send Papara, from our orders: a payment (`POST /payments`, a deposit) and a mass payment
 * (`POST /masspayment`, a withdrawal), each with our clientRef as Papara's reference, in lira (currency 0).
 */

/**
 * Papara's amounts are JSON numbers (its clients declare `float`). A two-place decimal of up to 13 whole digits
 * round-trips through a double exactly, and JavaScript writes it back in its shortest form (1250.75, 150): that is
 * what is sent. Its answers are read back into two-decimal strings without arithmetic.
 */
export const PAPARA_AMOUNT: AmountWriting = { unit: "major", wholeDigits: 13, places: "trimmed" };
export const PAPARA_ANSWERED_AMOUNT: AmountReading = {
  unit: "major",
  wholeDigits: 13,
  trailingZeros: true,
  numbers: true,
};

/** Papara's currency enum: 0 is the lira. */
const LIRA = 0;

/** Papara's payments take 1.00 to 500000.00 TRY (its Payments documentation). */
const PAYMENT_MIN = "1.00";
const PAYMENT_MAX = "500000.00";

/** A Papara number: ten digits, written with or without the old "PL" prefix (Papara's mass payment document). */
const PAPARA_NUMBER = /^(?:PL)?(\d{10})$/i;

/** Our amount as the JSON number Papara reads; null when it cannot be carried exactly. */
function paparaAmount(amount: string): number | null {
  const written = writeAmountOrNull(amount, PAPARA_AMOUNT);
  return written === null ? null : jsonNumberOf(written);
}

/** The Papara number a withdrawal pays (spaces ignored, "PL" dropped), or null when it is none. */
export function paparaNumberOf(account: GatewayWithdrawalOrder["account"]): string | null {
  return PAPARA_NUMBER.exec((account.wallet_number ?? "").replace(/\s/g, ""))?.[1] ?? null;
}

/** `POST /payments` for a deposit; null when Papara cannot take it (not 1.00 to 500000.00 TRY). */
export function paymentRequest(order: GatewayDepositOrder): Record<string, unknown> | null {
  const amount = paparaAmount(order.amount);
  if (
    amount === null ||
    compareDecimals(order.amount, PAYMENT_MIN) < 0 ||
    compareDecimals(order.amount, PAYMENT_MAX) > 0 ||
    order.currency !== "TRY"
  )
    return null;
  return {
    amount,
    referenceId: order.clientRef,
    orderDescription: `Deposit ${order.clientRef}`,
    notificationUrl: order.notifyUrl,
    redirectUrl: order.returnUrl,
    currency: LIRA,
  };
}

/** `POST /masspayment` for a withdrawal to `accountNumber`; null when its amount is not a TRY amount Papara carries. */
export function massPaymentRequest(
  order: GatewayWithdrawalOrder,
  accountNumber: string,
): Record<string, unknown> | null {
  const amount = paparaAmount(order.amount);
  if (amount === null || compareDecimals(order.amount, "0") <= 0 || order.currency !== "TRY") return null;
  return {
    accountNumber,
    parseAccountNumber: 1,
    amount,
    massPaymentId: order.clientRef,
    description: `Withdrawal ${order.clientRef}`,
    currency: LIRA,
  };
}
