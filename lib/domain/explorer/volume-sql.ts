import { Prisma } from "@/lib/generated/prisma/client";

/**
 * What counts as volume: money that actually moved. Completed deposits and withdrawals and successful card
 * payments, at the approved amount when staff or a gateway settled a different one. Refunded card payments
 * are left out: that money went back.
 */
export const SETTLED_STATUSES_SQL = Prisma.sql`t.status IN ('completed', 'success')`;

export const SETTLED_AMOUNT_SQL = Prisma.sql`COALESCE(t.final_amount, t.amount)`;

/** Money that came in: settled deposits and card payments, a card payment refunded later included (it came in). */
export const MONEY_IN_SQL = Prisma.sql`t.direction IN ('DEPOSIT', 'PAYMENT')
  AND t.status IN ('completed', 'success', 'refunded')`;

/** Money that went out through a transaction: completed withdrawals (card refunds are counted from their own rows). */
export const MONEY_OUT_SQL = Prisma.sql`t.direction = 'WITHDRAWAL' AND t.status = 'completed'`;
