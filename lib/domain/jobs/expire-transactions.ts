import { DomainError } from "@/lib/base/errors/domain-error";
import { note, type Note } from "@/lib/base/messages/notes";
import { countTransactionTransition } from "@/lib/base/observability/business-metrics";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { EXPIRING_STATUSES, expiryTarget, lifecycleOf } from "@/lib/domain/payment-methods";
import { EXPIRY } from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";

/** What the history and the callback say when time runs out; where to go is the lifecycle table's. */
const EXPIRY_WORDS: Record<
  "DEPOSIT" | "WITHDRAWAL" | "PAYMENT",
  { note: Note; data?: Prisma.TransactionUncheckedUpdateManyInput }
> = {
  DEPOSIT: { note: note("expiredDeposit") },
  WITHDRAWAL: { note: note("expiredWithdrawal") },
  PAYMENT: {
    note: note("expiredCard"),
    data: { errorCode: "TIMEOUT", errorMessage: "The payment was not completed within 15 minutes" },
  },
};

/**
 * A card payment whose latest attempt was declined (the customer did not try another card in time) fails
 * with that decline's code and words: the reason the provider's one callback should give. TIMEOUT stays for
 * a payment never tried, or whose latest attempt got no verdict (the status inquiry keeps asking about it).
 */
async function lastDecline(db: PrismaClient, id: number): Promise<Prisma.TransactionUncheckedUpdateManyInput | null> {
  const latest = await db.cardAttempt.findFirst({
    where: { transactionId: id },
    orderBy: { number: "desc" },
    select: { status: true, errorCode: true, errorMessage: true },
  });
  return latest?.status === "declined" && latest.errorCode
    ? { errorCode: latest.errorCode, errorMessage: latest.errorMessage }
    : null;
}

/** Expires one transaction if it is still waiting and its time has come; returns the deliveries written. */
export async function expireTransaction(db: PrismaClient, id: number, now: Date): Promise<number[]> {
  const t = await db.transaction.findUnique({
    where: { id },
    select: { method: true, direction: true, origin: true, status: true, expiresAt: true },
  });
  if (!t || !t.expiresAt || t.expiresAt > now) return [];
  const lifecycle = lifecycleOf(t);
  const to = lifecycle ? expiryTarget(lifecycle, t.status) : null;
  if (!to) return [];
  const words = EXPIRY_WORDS[t.direction];
  const data = t.direction === "PAYMENT" ? ((await lastDecline(db, id)) ?? words.data) : words.data;
  try {
    const { deliveryIds } = await db.$transaction((tx) =>
      transitionTransaction(tx, { id, to, actor: EXPIRY, note: words.note, data }),
    );
    // Not opened by inTransaction, so the transition's own after-commit count does not run: counted here.
    countTransactionTransition({ method: t.method, direction: t.direction, status: to });
    return deliveryIds;
  } catch (error) {
    // Someone moved it first (the customer, staff, its gateway): nothing to expire.
    if (error instanceof DomainError && error.code === "INVALID_TRANSITION") return [];
    throw error;
  }
}

/** Every transaction whose time is up in a status where the lifecycle table lets time act. */
export async function expireDueTransactions(db: PrismaClient, now: Date, limit = 200): Promise<number[]> {
  const due = await db.transaction.findMany({
    where: { expiresAt: { lte: now }, OR: EXPIRING_STATUSES.map(({ direction, status }) => ({ direction, status })) },
    select: { id: true },
    orderBy: { expiresAt: "asc" },
    take: limit,
  });
  const deliveries: number[] = [];
  for (const { id } of due) deliveries.push(...(await expireTransaction(db, id, now)));
  return deliveries;
}
