import { cardStatusSchema, dealerCardPaymentSchema, providerCardPaymentSchema } from "@/lib/api/schemas/card-payment";
import * as dealer from "@/lib/api/schemas/responses/dealer-responses";
import * as provider from "@/lib/api/schemas/responses/provider-responses";
import type { DealerContract, ProviderContract } from "./contract";

/** Method 3, 3-D Secure card payments: the provider's endpoints. */
export const CARD_CONTRACTS = {
  startCardPayment: {
    method: "post",
    path: "/api/provider/credit-card/payment",
    tag: "Credit card",
    summary: "Start a 3-D Secure card payment",
    description:
      "credential_key travels in the body, not in the hash. Redirect the customer to payment_url; the card callback " +
      'reports success, failed (also after 15 minutes, error_code TIMEOUT) or cancelled. 403 "Card acquirer not ' +
      "configured\" when the site's dealer has no card acquirer.",
    signature: "timestamp",
    body: providerCardPaymentSchema,
    response: provider.cardPaymentResponseSchema,
    extraErrors: [409],
    idempotent: true,
    links: {
      status: {
        operationId: "getCardPaymentStatus",
        description: "The payment's status, by its tracking_code.",
        requestBody: { tracking_code: "{$response.body#/data/tracking_code}" },
      },
    },
  },
  getCardPaymentStatus: {
    method: "post",
    path: "/api/provider/credit-card/status",
    tag: "Credit card",
    summary: "Read a card payment's status",
    signature: "timestamp",
    body: cardStatusSchema,
    response: provider.cardStatusResponseSchema,
    extraErrors: [404],
  },
} as const satisfies Record<string, ProviderContract>;

/** Method 3 for dealers. */
export const DEALER_CARD_CONTRACTS = {
  startDealerCardPayment: {
    method: "post",
    path: "/api/dealer/credit-card/payment",
    tag: "Dealer",
    summary: "Start a 3-D Secure card payment (minimum 200 TRY)",
    description:
      'The card callback is sent to the dealer\'s credit_card_callback_url. 403 "Card acquirer not configured" when ' +
      "the dealer has no card acquirer.",
    signature: "dealer",
    scope: "card-payments",
    body: dealerCardPaymentSchema,
    response: dealer.dealerCardPaymentResponseSchema,
    extraErrors: [409],
    idempotent: true,
    links: {
      status: {
        operationId: "getDealerCardPaymentStatus",
        description: "The payment's status, by its tracking_code.",
        parameters: { tracking_code: "$response.body#/data/tracking_code" },
      },
    },
  },
  getDealerCardPaymentStatus: {
    method: "get",
    path: "/api/dealer/credit-card/status",
    tag: "Dealer",
    summary: "Read a card payment's status",
    description:
      "Not in the dealer document (decided in docs/decisions.md): the same record as the provider's status endpoint.",
    signature: "dealer",
    scope: "card-payments",
    query: cardStatusSchema,
    response: provider.cardStatusResponseSchema,
    extraErrors: [404],
  },
} as const satisfies Record<string, DealerContract>;
