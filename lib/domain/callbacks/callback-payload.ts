import type { CallbackKind, Transaction } from "@/lib/generated/prisma/client";
import {
  callbackOwed,
  callbackStatusSent,
  lifecycleOf,
  PAYMENT_METHODS,
  type CallbackExtras,
  paymentMethodOf,
} from "@/lib/domain/payment-methods";
import { kindOfMethod, transactionType } from "@/lib/domain/payment-methods/third-party-kinds";
import { formatLocalIso } from "@/lib/base/time/format";
import { moneyText } from "./callback-json";

// Decimal text, written as a JSON number by callbackJson: never a float on the way from NUMERIC to the body.
const money = moneyText;

/**
 * What each method's deposit and withdrawal callbacks add to the common fields, by the extras its definition
 * names: third-party callbacks add type, payment_method and the account fields used (decisions §6). A new
 * kind of extras fails the type check here.
 */
const EXTRAS: Record<CallbackExtras, (t: Transaction) => Record<string, unknown>> = {
  none: () => ({}),
  "third-party": (t) => {
    const kind = kindOfMethod(t.method);
    if (!kind) throw new Error(`${t.method} names third-party callback fields but has no third-party kind`);
    const account = (t.accountDetails ?? {}) as Record<string, unknown>;
    return {
      type: transactionType(kind, t.direction === "DEPOSIT" ? "deposit" : "withdrawal"),
      payment_method: kind,
      ...account,
    };
  },
};

function methodFields(t: Transaction): Record<string, unknown> {
  return EXTRAS[PAYMENT_METHODS[paymentMethodOf(t.method)].callbackExtras](t);
}

/** The callback a transaction in its current status owes, as its lifecycle table says, or null. */
export function callbackKindFor(t: Transaction): CallbackKind | null {
  const lifecycle = lifecycleOf(t);
  return lifecycle ? callbackOwed(lifecycle, t.status) : null;
}

/** The status the callback carries (callbackStatusSent: the dealer's card callback reports a cancel as failed). */
export function callbackStatusFor(kind: CallbackKind, t: Transaction): string {
  return callbackStatusSent(kind, t.status);
}

/**
 * The body of each callback in the spec's field order, without timestamp and hash (added, fresh, on
 * every attempt by sign-callback).
 */
export function buildCallbackPayload(kind: CallbackKind, t: Transaction): Record<string, unknown> {
  const status = callbackStatusFor(kind, t);
  switch (kind) {
    case "PROVIDER_DEPOSIT":
      return {
        tracking_code: t.trackingCode,
        status,
        amount: money(t.finalAmount ?? t.amount),
        username: t.username,
        fullname: t.fullname,
        user_id: t.userId,
        site_id: t.siteId,
        ...methodFields(t),
      };
    case "PROVIDER_WITHDRAWAL":
      return {
        tracking_code: t.trackingCode,
        status,
        amount: money(t.amount),
        username: t.username,
        fullname: t.fullname,
        user_id: t.userId,
        site_id: t.siteId,
        ...(t.iban ? { iban: t.iban } : {}),
        ...methodFields(t),
      };
    case "PROVIDER_CARD":
      return {
        tracking_code: t.trackingCode,
        order_id: t.orderId,
        status,
        amount: money(t.amount),
        currency: t.currency,
        username: t.username,
        user_id: t.userId,
        site_id: t.siteId,
        customer_name: t.fullname,
        customer_email: t.email ?? "",
        ...(status === "failed"
          ? { error_code: t.errorCode ?? "FAILED", error_message: t.errorMessage ?? "Payment failed" }
          : {}),
      };
    case "DEALER_CARD":
      return {
        success: status === "success",
        tracking_code: t.trackingCode,
        order_id: t.orderId,
        status,
        amount: money(t.amount),
        currency: t.currency,
        customer_name: t.fullname,
        customer_email: t.email ?? "",
        customer_phone: t.phone ?? "",
        ...(status === "success"
          ? {
              status_message: "Payment completed successfully",
              completed_at: formatLocalIso(t.completedAt ?? t.updatedAt),
            }
          : {
              error_code: t.status === "cancelled" ? "CANCELLED" : (t.errorCode ?? "FAILED"),
              error_message:
                t.status === "cancelled" ? "The customer cancelled the payment" : (t.errorMessage ?? "Payment failed"),
            }),
      };
    case "TEST":
      throw new Error("Test callbacks are built by sendTestCallback");
  }
}
