import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { noTransaction, ownedDeliveryWhere, ownedTransactionWhere, type ApiOwner } from "@/lib/domain/access/api-owner";
import type { CallbackAttempt, CallbackDelivery } from "@/lib/generated/prisma/client";
import { refusal } from "@/lib/base/messages/errors";

const ATTEMPTS_LISTED = 50;

/** A transaction's callbacks, oldest first, each with its latest attempts (newest first). */
export type TransactionCallbacks = {
  trackingCode: string;
  deliveries: (CallbackDelivery & { attempts: CallbackAttempt[] })[];
};

async function ownedTransactionId(trackingCode: string, owner: ApiOwner): Promise<number> {
  const t = await prisma.transaction.findFirst({
    where: { AND: [{ trackingCode }, ownedTransactionWhere(owner)] },
    select: { id: true },
  });
  if (!t) throw noTransaction(trackingCode);
  return t.id;
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
 * none yet (not final) is a conflict, not a 404: the code is the caller's.
 */
export async function findResendableDelivery(trackingCode: string, owner: ApiOwner): Promise<{ id: number }> {
  const transactionId = await ownedTransactionId(trackingCode, owner);
  const delivery = await prisma.callbackDelivery.findFirst({
    where: { AND: [{ transactionId }, ownedDeliveryWhere(owner)] },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  if (!delivery) throw DomainError.conflict("No callback to resend", refusal("notFinalYet", { trackingCode }));
  return delivery;
}
