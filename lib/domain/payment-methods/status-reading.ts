import { Prisma } from "@/lib/generated/prisma/client";
import type { ActorType, Direction, TransactionStatus } from "@/lib/generated/prisma/enums";

/**
 * The console's one status vocabulary: what a transaction's stored status means to an operator. The stored
 * status is the contract's and never changes for the console's sake; the contract sends a deposit rejected by
 * staff, one declined by its gateway and one the customer canceled all as `canceled`, and spells a card's
 * cancel `cancelled`. Operators read (and filter by) one word for each outcome:
 *
 * - `canceled` covers both spellings (the customer canceled, or the service did);
 * - `rejected` covers withdrawals rejected by staff and deposits staff rejected (stored `canceled`);
 * - `declined` is a deposit its gateway declined (stored `canceled`), as the customer's page says.
 *
 * Every other status reads as itself. Who canceled is `transactions.canceled_by`, written with the move.
 */
export const STATUS_READINGS = [
  "showing",
  "pending",
  "processing",
  "completed",
  "success",
  "canceled",
  "rejected",
  "declined",
  "expired",
  "failed",
  "refunded",
] as const;
export type StatusReading = (typeof STATUS_READINGS)[number];

const STAFF: ActorType[] = ["CONSOLE_USER", "CLI"];

/** What a transaction (or one move of its history) reads as, from its status and who made it canceled. */
export function readStatus(
  status: TransactionStatus,
  direction: Direction,
  canceledBy: ActorType | null | undefined,
): StatusReading {
  if (status === "cancelled") return "canceled";
  if (status !== "canceled" || direction !== "DEPOSIT" || !canceledBy) return status;
  if (STAFF.includes(canceledBy)) return "rejected";
  return canceledBy === "GATEWAY" ? "declined" : "canceled";
}

const staffRejectedDeposit: Prisma.TransactionWhereInput = {
  status: "canceled",
  direction: "DEPOSIT",
  canceledBy: { in: STAFF },
};
const gatewayDeclinedDeposit: Prisma.TransactionWhereInput = {
  status: "canceled",
  direction: "DEPOSIT",
  canceledBy: "GATEWAY",
};

/** The rows that read as `reading`: the explorer's status filter, its count and its export. */
export function statusReadingWhere(reading: StatusReading | "cancelled"): Prisma.TransactionWhereInput {
  switch (reading) {
    case "canceled":
    case "cancelled":
      return {
        OR: [
          { status: "cancelled" },
          // canceled_by is null on rows nobody has canceled through a move (a NOT IN would drop those).
          {
            status: "canceled",
            OR: [
              { direction: { not: "DEPOSIT" } },
              { canceledBy: null },
              { canceledBy: { notIn: [...STAFF, "GATEWAY"] } },
            ],
          },
        ],
      };
    case "rejected":
      return { OR: [{ status: "rejected" }, staffRejectedDeposit] };
    case "declined":
      return gatewayDeclinedDeposit;
    default:
      return { status: reading };
  }
}

/** The same reading in SQL, for aggregates over `transactions t` (the dashboard's status counts). */
export const STATUS_READING_SQL = Prisma.sql`CASE
  WHEN t.status = 'cancelled' THEN 'canceled'
  WHEN t.status = 'canceled' AND t.direction = 'DEPOSIT' AND t.canceled_by IN ('CONSOLE_USER', 'CLI') THEN 'rejected'
  WHEN t.status = 'canceled' AND t.direction = 'DEPOSIT' AND t.canceled_by = 'GATEWAY' THEN 'declined'
  ELSE t.status::text END`;
