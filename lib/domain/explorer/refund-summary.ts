import { prisma } from "@/lib/base/db/prisma";
import { fromCents, toCents } from "@/lib/base/money/cents";

/** A card payment's refunds as the console shows them: given back, still being asked (held), and what is left. */
export type RefundSummary = { refunded: string; held: string; left: string; count: number };

type RefundRow = { amount: { toFixed: (digits: number) => string }; status: string };

// Approved refunds are given back; one still being asked (pending, or without an answer yet) or awaiting a second
// admin (proposed) holds its amount until it is settled. Refused, declined ones, and those that could not be asked,
// count for nothing.
const GIVEN_BACK = new Set(["approved"]);
const HELD = new Set(["pending", "unknown", "proposed"]);

/** The refund rows of one payment, read as they are, summed in cents (never floats). */
export function summarizeRefunds(amount: { toFixed: (digits: number) => string }, refunds: RefundRow[]): RefundSummary {
  const sum = (statuses: Set<string>) =>
    refunds.filter((r) => statuses.has(r.status)).reduce((total, r) => total + toCents(r.amount.toFixed(2))!, 0n);
  const [refunded, held] = [sum(GIVEN_BACK), sum(HELD)];
  const left = toCents(amount.toFixed(2))! - refunded - held;
  return {
    refunded: fromCents(refunded),
    held: fromCents(held),
    left: fromCents(left > 0n ? left : 0n),
    count: refunds.filter((r) => GIVEN_BACK.has(r.status) || HELD.has(r.status)).length,
  };
}

/** The refunds of one card payment, newest first, for its detail page. */
export function listCardRefunds(transactionId: number) {
  return prisma.cardRefund.findMany({
    where: { transactionId },
    orderBy: { id: "desc" },
    select: {
      id: true,
      refundId: true,
      amount: true,
      status: true,
      reason: true,
      actorLabel: true,
      createdAt: true,
      errorCode: true,
    },
  });
}
