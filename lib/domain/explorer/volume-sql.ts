import { Prisma } from "@/lib/generated/prisma/client";

/**
 * What counts as volume: money that actually moved. Completed deposits and withdrawals and successful card
 * payments, at the approved amount when staff or a gateway settled a different one. Refunded card payments
 * are left out: that money went back.
 */
export const SETTLED_STATUSES_SQL = Prisma.sql`t.status IN ('completed', 'success')`;

export const SETTLED_AMOUNT_SQL = Prisma.sql`COALESCE(t.final_amount, t.amount)`;
