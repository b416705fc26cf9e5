import type { ActorType, CallbackKind, DeliveryState, Direction, Origin, PaymentMethod, TransactionStatus } from "@/lib/generated/prisma/enums";

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
 * Statuses keep the spec's spelling (integrators see the same words in callbacks); a hint says what the less
 * obvious ones mean to staff. Both cancel spellings exist: canceled for deposits/withdrawals, cancelled for cards.
 */
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
  statusHint,
  kind,
  deliveryState,
  dealerMethod: { credit_card: "Credit card", eiban: "E-IBAN", manual_iban: "Manual IBAN" },
  gatewayMethod: { BANK: "Bank", CRYPTO: "Crypto", WALLET: "Wallet" },
  /** The secret rotation's grace choices (GRACE_CHOICES in lib/auth/secret-rotation.ts). */
  grace: { none: "None: the old secret stops working at once", hour: "1 hour", day: "24 hours", week: "7 days" },
};

export type LabelMessages = typeof labels;
