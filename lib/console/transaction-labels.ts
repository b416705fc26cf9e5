import type { ActorType, Direction, Origin, PaymentMethod, TransactionStatus } from "@/lib/generated/prisma/enums";

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  MANUAL_BANK: "Manual bank",
  EIBAN: "E-IBAN",
  CREDIT_CARD: "Credit card",
  TP_BANK: "Third-party bank",
  TP_CRYPTO: "Third-party crypto",
  TP_WALLET: "Third-party wallet",
};

export const DIRECTION_LABELS: Record<Direction, string> = { DEPOSIT: "Deposit", WITHDRAWAL: "Withdrawal", PAYMENT: "Card payment" };

export const ORIGIN_LABELS: Record<Origin, string> = { PROVIDER: "Provider API", DEALER: "Dealer API" };

export const ACTOR_LABELS: Record<ActorType, string> = {
  SYSTEM: "System",
  API: "API",
  CUSTOMER: "Customer",
  CONSOLE_USER: "Console user",
  GATEWAY: "Gateway",
  CLI: "CLI",
};

/**
 * Statuses keep the spec's spelling (integrators see the same words in callbacks); a hint says what the less
 * obvious ones mean to staff. Both cancel spellings exist: canceled for deposits/withdrawals, cancelled for cards.
 */
export const STATUS_HINTS: Record<TransactionStatus, string | null> = {
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

export function statusLabel(status: TransactionStatus): string {
  const hint = STATUS_HINTS[status];
  return hint ? `${status} · ${hint}` : status;
}
