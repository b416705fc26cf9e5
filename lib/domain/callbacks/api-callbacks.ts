import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { formatDateTime } from "@/lib/base/time/format";
import { noTransaction, ownedDeliveryWhere, ownedTransactionWhere, type ApiOwner } from "@/lib/domain/access/api-owner";
import type { CallbackListResponse } from "@/lib/api/schemas/responses/transaction-reads";

const ATTEMPTS_LISTED = 50;

const STATE = { PENDING: "pending", DELIVERED: "delivered", EXHAUSTED: "exhausted", NO_URL: "no_url" } as const;

async function ownedTransactionId(trackingCode: string, owner: ApiOwner): Promise<number> {
  const t = await prisma.transaction.findFirst({ where: { AND: [{ trackingCode }, ownedTransactionWhere(owner)] }, select: { id: true } });
  if (!t) throw noTransaction(trackingCode);
  return t.id;
}

/**
 * The callbacks a transaction of the caller owes the caller, with their attempts: what the receiver answered,
 * how long it took, what went wrong. Headers and bodies stay out (the signature would be accepted again).
 */
export async function listApiCallbacks(trackingCode: string, owner: ApiOwner): Promise<CallbackListResponse> {
  const transactionId = await ownedTransactionId(trackingCode, owner);
  const deliveries = await prisma.callbackDelivery.findMany({
    where: { AND: [{ transactionId }, ownedDeliveryWhere(owner)] },
    orderBy: { id: "asc" },
    include: { attempts: { orderBy: { attemptNumber: "desc" }, take: ATTEMPTS_LISTED } },
  });
  return {
    success: true,
    tracking_code: trackingCode,
    callbacks: deliveries.map((d) => ({
      status: d.status,
      url: d.url,
      state: STATE[d.state],
      next_attempt_at: d.state === "PENDING" ? formatDateTime(d.nextAttemptAt) : null,
      delivered_at: d.deliveredAt ? formatDateTime(d.deliveredAt) : null,
      attempts: d.attempts.map((a) => ({ attempt: a.attemptNumber, at: formatDateTime(a.startedAt), http_status: a.statusCode, duration_ms: a.durationMs, error: a.error })),
    })),
  };
}

/**
 * The callback a resend through the API sends again: the newest one the caller's transaction owes the caller
 * (a card payment refunded after success owes two; the later is the final word). A transaction that owes
 * none yet (not final) is a conflict, not a 404: the code is the caller's.
 */
export async function findResendableDelivery(trackingCode: string, owner: ApiOwner): Promise<{ id: number }> {
  const transactionId = await ownedTransactionId(trackingCode, owner);
  const delivery = await prisma.callbackDelivery.findFirst({ where: { AND: [{ transactionId }, ownedDeliveryWhere(owner)] }, orderBy: { id: "desc" }, select: { id: true } });
  if (!delivery) throw DomainError.conflict("No callback to resend", `Transaction ${trackingCode} owes no callback yet: it is not final. Its status is answered by the status endpoint.`);
  return delivery;
}
