import type { StartedCardPayment } from "@/lib/domain/cards/start-card-payment";
import { paymentUrl } from "@/lib/domain/transactions/payment-url";
import type { Transaction } from "@/lib/generated/prisma/client";
import type { CardPaymentResponse, CardStatusResponse } from "@/lib/api/schemas/responses/provider-responses";
import { cardStatusRecord } from "./card-status-record";

/** The bodies of the card endpoints (contracts/card.ts), the provider's and the dealer's alike. */

export function presentCardPayment({ transaction: created, orderId }: StartedCardPayment): CardPaymentResponse {
  return {
    success: true,
    message: "Card payment created; redirect the customer to payment_url.",
    data: {
      tracking_code: created.trackingCode,
      payment_url: paymentUrl(created.paymentToken),
      order_id: orderId,
      amount: Number(created.amount.toFixed(2)),
      currency: "TRY",
    },
  };
}

export function presentCardStatus(t: Transaction): CardStatusResponse {
  return { success: true, data: cardStatusRecord(t) };
}
