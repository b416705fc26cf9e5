import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { noTransaction, ownedDeliveryWhere, ownedTransactionWhere, type ApiOwner } from "@/lib/domain/access/api-owner";
import type { CallbackAttempt, CallbackDelivery } from "@/lib/generated/prisma/client";
import { refusal } from "@/lib/base/messages/errors";
import { lifecycleOf } from "@/lib/domain/payment-methods";

const ATTEMPTS_LISTED = 50;

/** A transaction's callbacks, oldest first, each with its latest attempts (newest first). */
export type TransactionCallbacks = {
  trackingCode: string;
  deliveries: (CallbackDelivery & { attempts: CallbackAttempt[] })[];
};

async function ownedTransaction(trackingCode: string, owner: ApiOwner) {
  const t = await prisma.transaction.findFirst({
    where: { AND: [{ trackingCode }, ownedTransactionWhere(owner)] },
    select: { id: true, method: true, direction: true, origin: true },
  });
  if (!t) throw noTransaction(trackingCode);
  return t;
}

async function ownedTransactionId(trackingCode: string, owner: ApiOwner): Promise<number> {
  return (await ownedTransaction(trackingCode, owner)).id;
}

/**
 * The callbacks a transaction of the caller owes the caller, with their attempts: what the receiver answered,
 * how long it took, what went wrong. Headers and bodies stay out (the signature would be accepted again).
 */
export async function listApiCallbacks(trackingCode: string, owner: ApiOwner): Promise<TransactionCallbacks> {
  const transactionId = await ownedTransactionId(trackingCode, owner);
  const deliveries = await prisma.callbackDelivery.findMany({
    where: { AND: [{ transactionId }, ownedDeliveryWhere(owner)] },
    orderBy: { id: "asc" },
    include: { attempts: { orderBy: { attemptNumber: "desc" }, take: ATTEMPTS_LISTED } },
  });
  return { trackingCode, deliveries };
}

/**
 * The callback a resend through the API sends again: the newest one the caller's transaction owes the caller
 * (a card payment refunded after success owes two; the later is the final word). A transaction that owes
 * none yet (not final) is a conflict, not a 404: the code is the caller's; so is one whose lifecycle owes no
 * callback at all (a dealer's own deposit or withdrawal), said as such rather than "not final".
 */
export async function findResendableDelivery(trackingCode: string, owner: ApiOwner): Promise<{ id: number }> {
  const transaction = await ownedTransaction(trackingCode, owner);
  const delivery = await prisma.callbackDelivery.findFirst({
    where: { AND: [{ transactionId: transaction.id }, ownedDeliveryWhere(owner)] },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  if (delivery) return delivery;
  const owesNone = !lifecycleOf(transaction)?.callback;
  throw DomainError.conflict(
    "No callback to resend",
    refusal(owesNone ? "owesNoCallback" : "notFinalYet", { trackingCode }),
  );
}
