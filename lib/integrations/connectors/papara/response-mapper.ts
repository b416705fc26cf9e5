import { readAmount } from "../amount-format";
import type { PaymentOutcome } from "../ports";
import { PAPARA_ANSWERED_AMOUNT } from "./request-mapper";

/**
 * Papara's objects as the connector reads them. A payment (its clients' `Payment`): `id`, `referenceId` (our
 * clientRef, returned unchanged), `status` 0 awaiting / 1 completed / 2 refunded by the merchant, `amount`,
 * `currency`, `paymentUrl`. A mass payment (`MassPayment`): `id`, `massPaymentId` (ours), `amount`,
 * `currency`; it has no status: Papara answers one only once the money has moved.
 */

export type PaparaPayment = {
  id: string;
  referenceId: string | null;
  status: number | null;
  amount: string | null;
  lira: boolean;
  paymentUrl: string | null;
};
export type PaparaMassPayment = { id: string; massPaymentId: string | null; amount: string | null; lira: boolean };

const ID = /^[A-Za-z0-9-]{1,64}$/;

function idOf(value: unknown): string | null {
  const id =
    typeof value === "number" && Number.isSafeInteger(value) ? String(value) : typeof value === "string" ? value : "";
  return ID.test(id) ? id : null;
}

/** Papara's example writes the payment URL without a scheme ("www.papara.com/pid?…"): https is meant. */
function urlOf(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const text = /^https?:\/\//i.test(value.trim()) ? value.trim() : `https://${value.trim()}`;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Papara's currency, written as its enum (0 = TRY) or as a code ("TRY" in its notification example). */
export function isTurkishLira(value: unknown): boolean {
  return value === 0 || value === "0" || value === "TRY" || value === "TL";
}

export function readPayment(data: Record<string, unknown> | null): PaparaPayment | null {
  const id = idOf(data?.id);
  if (!data || !id) return null;
  const status = Number(data.status);
  return {
    id,
    referenceId: typeof data.referenceId === "string" ? data.referenceId : null,
    status: Number.isInteger(status) && data.status !== null && data.status !== "" ? status : null,
    amount: readAmount(data.amount, PAPARA_ANSWERED_AMOUNT),
    lira: data.currency === undefined || isTurkishLira(data.currency),
    paymentUrl: urlOf(data.paymentUrl),
  };
}

export function readMassPayment(data: Record<string, unknown> | null): PaparaMassPayment | null {
  const id = idOf(data?.id);
  if (!data || !id) return null;
  return {
    id,
    massPaymentId: typeof data.massPaymentId === "string" ? data.massPaymentId : null,
    amount: readAmount(data.amount, PAPARA_ANSWERED_AMOUNT),
    lira: data.currency === undefined || data.currency === null || isTurkishLira(data.currency),
  };
}

/** A payment's state as our outcome; an unknown status is no verdict (null). */
export function paymentOutcome(payment: PaparaPayment): PaymentOutcome | null {
  if (payment.status === 0) return { status: "pending" };
  if (payment.status === 1 && payment.amount)
    return { status: "approved", amount: payment.amount, partnerReference: payment.id };
  if (payment.status === 2)
    return {
      status: "declined",
      error: { code: "REFUNDED", message: "The payment was refunded to the customer at Papara" },
      partnerReference: payment.id,
    };
  return null;
}
