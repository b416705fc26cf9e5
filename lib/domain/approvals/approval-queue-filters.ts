import type { Prisma } from "@/lib/generated/prisma/client";
import { staffQueue } from "@/lib/domain/payment-methods";

/**
 * What the approvals page lists, shared with the dashboard's queue sizes so the two always agree, and
 * derived from the lifecycle table: the methods and statuses from which staff may decide something.
 * Deposits: page still open (showing) or the customer says they sent (pending).
 * Withdrawals: not yet taken (pending) or taken and being paid (processing).
 */
function queue(direction: "DEPOSIT" | "WITHDRAWAL"): Prisma.TransactionWhereInput {
  const { methods, statuses } = staffQueue(direction);
  return { direction, method: { in: methods }, status: { in: statuses } };
}

export const DEPOSIT_QUEUE = queue("DEPOSIT");

export const WITHDRAWAL_QUEUE = queue("WITHDRAWAL");
