import type { ActorType, CallbackKind, DeliveryState, Direction, Origin, PaymentMethod, TransactionStatus } from "@/lib/generated/prisma/enums";
import type { DealerSwitch } from "@/lib/domain/payment-methods/dealer-switches";

const method: Record<PaymentMethod, string> = {
  MANUAL_BANK: "Manual bank",
  EIBAN: "E-IBAN",
  CREDIT_CARD: "Credit card",
  TP_BANK: "Third-party bank",
  TP_CRYPTO: "Third-party crypto",
  TP_WALLET: "Third-party wallet",
};

/** Short method names for chart axes and legends. */
const methodShort: Record<PaymentMethod, string> = {
  MANUAL_BANK: "Manual bank",
  EIBAN: "E-IBAN",
  CREDIT_CARD: "Card",
  TP_BANK: "Bank (gateway)",
  TP_CRYPTO: "Crypto",
  TP_WALLET: "Wallet",
};

/**
 * A status as the operator reads it. In English that is the spec's spelling (integrators see the same words in
 * callbacks and the CSV); Turkish gives Turkish words, with the API's value as the hint. Both cancel spellings
 * exist: canceled for deposits/withdrawals, cancelled for cards.
 */
const status: Record<TransactionStatus, string> = {
  showing: "showing",
  pending: "pending",
  processing: "processing",
  completed: "completed",
  canceled: "canceled",
  expired: "expired",
  rejected: "rejected",
  failed: "failed",
  success: "success",
  cancelled: "cancelled",
  refunded: "refunded",
};

/** What the less obvious statuses mean to staff (English); the API's value (Turkish). */
const statusHint: Record<TransactionStatus, string | null> = {
  showing: "page open",
  pending: "waiting",
  processing: "paying out",
  completed: null,
  canceled: null,
  expired: null,
  rejected: "by staff",
  failed: null,
  success: "paid",
  cancelled: "by customer",
  refunded: null,
};

const kind: Record<CallbackKind, string> = {
  PROVIDER_DEPOSIT: "Deposit",
  PROVIDER_WITHDRAWAL: "Withdrawal",
  PROVIDER_CARD: "Card (provider)",
  DEALER_CARD: "Card (dealer)",
  TEST: "Test",
};

const direction: Record<Direction, string> = { DEPOSIT: "Deposit", WITHDRAWAL: "Withdrawal", PAYMENT: "Card payment" };
const origin: Record<Origin, string> = { PROVIDER: "Provider API", DEALER: "Dealer API" };
/** The origin as one lowercase word, inside a sentence. */
const originWord: Record<Origin, string> = { PROVIDER: "provider", DEALER: "dealer" };
const actor: Record<ActorType, string> = { SYSTEM: "System", API: "API", CUSTOMER: "Customer", CONSOLE_USER: "Console user", GATEWAY: "Gateway", CLI: "CLI" };
const deliveryState: Record<DeliveryState, string> = { PENDING: "Pending", DELIVERED: "Delivered", EXHAUSTED: "Failed (exhausted)", NO_URL: "No URL: stopped" };

/** Names of stored values (enums) as staff read them; the values themselves never change with the language. */
export const labels = {
  method,
  methodShort,
  direction,
  origin,
  originWord,
  actor,
  status,
  statusHint,
  /** The acquirer's and the expiry's error codes, in words (the code itself is kept beside them). */
  errorCode: { TIMEOUT: "timed out", CANCELLED: "cancelled", CARD_DECLINED: "card declined", INSUFFICIENT_FUNDS: "insufficient funds", "3DS_FAILED": "3-D Secure failed" } as Record<string, string>,
  kind,
  deliveryState,
  dealerMethod: { credit_card: "Credit card", eiban: "E-IBAN", manual_iban: "Manual IBAN" } satisfies Record<DealerSwitch, string>,
  gatewayMethod: { BANK: "Bank", CRYPTO: "Crypto", WALLET: "Wallet" },
  /** The secret rotation's grace choices (GRACE_CHOICES in lib/domain/accounts/secret-rotation.ts). */
  grace: { none: "None: the old secret stops working at once", hour: "1 hour", day: "24 hours", week: "7 days" },
};

export type LabelMessages = typeof labels;
