import type { Direction, TransactionStatus } from "@/lib/generated/prisma/enums";

/** decisions §5: the statuses after which nothing changes (card success may still be refunded by staff). */
const TERMINAL: Record<Direction, TransactionStatus[]> = {
  DEPOSIT: ["completed", "canceled", "expired"],
  WITHDRAWAL: ["completed", "rejected", "failed", "canceled"],
  PAYMENT: ["success", "failed", "cancelled", "refunded"],
};

export function isTerminal(direction: Direction, status: TransactionStatus): boolean {
  return TERMINAL[direction].includes(status);
}

/** Card payments left pending this long fail with error_code TIMEOUT. */
export const CARD_TIMEOUT_MS = 15 * 60 * 1000;
