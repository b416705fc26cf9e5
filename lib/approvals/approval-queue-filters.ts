import type { Prisma } from "@/lib/generated/prisma/client";

/** The manual methods staff decide by hand; third-party and card methods are decided by their gateways. */
const MANUAL_METHODS: Prisma.TransactionWhereInput["method"] = { in: ["MANUAL_BANK", "EIBAN"] };

/**
 * What the approvals page lists, shared with the dashboard's queue sizes so the two always agree.
 * Deposits: page still open (showing) or the customer says they sent (pending).
 * Withdrawals: not yet taken (pending) or taken and being paid (processing).
 */
export const DEPOSIT_QUEUE: Prisma.TransactionWhereInput = { direction: "DEPOSIT", method: MANUAL_METHODS, status: { in: ["pending", "showing"] } };

export const WITHDRAWAL_QUEUE: Prisma.TransactionWhereInput = { direction: "WITHDRAWAL", method: MANUAL_METHODS, status: { in: ["pending", "processing"] } };
