import type { PrismaClient, Transaction } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/api-error";
import { transitionTransaction, type Transition } from "@/lib/transactions/transition-transaction";

type Expiry = Pick<Transition, "from" | "to" | "note" | "data">;

/** What running out of time means for each kind of transaction (decisions §5). */
function expiryFor(t: Pick<Transaction, "direction" | "method" | "status">): Expiry | null {
  if (t.direction === "DEPOSIT" && t.status === "showing") return { from: ["showing"], to: "expired", note: "Expired: the payment page was not completed in time" };
  if (t.direction === "WITHDRAWAL" && t.status === "showing") return { from: ["showing"], to: "canceled", note: "Canceled: never sent to the gateway before expires_at" };
  if (t.direction === "PAYMENT" && t.status === "pending") {
    return {
      from: ["pending"],
      to: "failed",
      note: "Failed: not completed within 15 minutes",
      data: { errorCode: "TIMEOUT", errorMessage: "The payment was not completed within 15 minutes" },
    };
  }
  return null;
}

/** Expires one transaction if it is still waiting and its time has come; returns the deliveries written. */
export async function expireTransaction(db: PrismaClient, id: number, now: Date): Promise<number[]> {
  const t = await db.transaction.findUnique({ where: { id }, select: { direction: true, method: true, status: true, expiresAt: true } });
  if (!t || !t.expiresAt || t.expiresAt > now) return [];
  const expiry = expiryFor(t);
  if (!expiry) return [];
  try {
    const { deliveryIds } = await db.$transaction((tx) => transitionTransaction(tx, { id, ...expiry, actor: { type: "SYSTEM", id: "expiry" } }));
    return deliveryIds;
  } catch (error) {
    // Someone completed or cancelled it first: nothing to expire.
    if (error instanceof ApiError && error.status === 409) return [];
    throw error;
  }
}

/** Every transaction whose time is up: showing deposits and third-party withdrawals, pending cards. */
export async function expireDueTransactions(db: PrismaClient, now: Date, limit = 200): Promise<number[]> {
  const due = await db.transaction.findMany({
    where: { expiresAt: { lte: now }, OR: [{ status: "showing" }, { status: "pending", direction: "PAYMENT" }] },
    select: { id: true },
    orderBy: { expiresAt: "asc" },
    take: limit,
  });
  const deliveries: number[] = [];
  for (const { id } of due) deliveries.push(...(await expireTransaction(db, id, now)));
  return deliveries;
}
