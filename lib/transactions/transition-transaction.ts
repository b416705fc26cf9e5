import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { enqueueTransactionCallback } from "@/lib/callbacks/enqueue-transaction-callback";
import type { Db } from "@/lib/db/prisma";
import type { ActorType, Prisma, TransactionStatus } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/api-error";

/** `audit`: also record the change in the audit log under this actor (staff decisions; see staff-actor). */
export type TransitionActor = { type: ActorType; id?: string | number; audit?: Actor };

export type Transition = {
  id: number;
  from: TransactionStatus[];
  to: TransactionStatus;
  actor: TransitionActor;
  note?: string;
  data?: Omit<Prisma.TransactionUncheckedUpdateManyInput, "status">;
  requestId?: string;
};

/**
 * The one way a transaction changes state: an update guarded on the current status (so two approvals
 * racing cannot both win), a history entry, and the callback in the outbox, all in the caller's database
 * transaction. Returns the deliveries it enqueued so the caller can wake the runner after commit.
 */
export async function transitionTransaction(tx: Db, transition: Transition) {
  const before = await tx.transaction.findUnique({ where: { id: transition.id }, select: { status: true, trackingCode: true } });
  if (!before) throw ApiError.plain(404, "Not found", "The transaction does not exist.");
  const conflict = (status: TransactionStatus) =>
    ApiError.plain(409, "Invalid state transition", `${before.trackingCode} is ${status}; it cannot become ${transition.to} from there.`);
  if (!transition.from.includes(before.status)) throw conflict(before.status);
  // Guarded on the status just read: if another request moved it in between, this one loses.
  const { count } = await tx.transaction.updateMany({
    where: { id: transition.id, status: before.status },
    data: { ...transition.data, status: transition.to },
  });
  if (count === 0) {
    const now = await tx.transaction.findUniqueOrThrow({ where: { id: transition.id }, select: { status: true } });
    throw conflict(now.status);
  }
  const transaction = await tx.transaction.findUniqueOrThrow({ where: { id: transition.id } });
  await tx.transactionEvent.create({
    data: {
      transactionId: transition.id,
      fromStatus: before.status,
      toStatus: transition.to,
      actorType: transition.actor.type,
      actorId: transition.actor.id === undefined ? null : String(transition.actor.id),
      note: transition.note ?? null,
    },
  });
  if (transition.actor.audit) {
    const finalAmount = typeof transition.data?.finalAmount === "string" ? { finalAmount: transition.data.finalAmount } : {};
    await recordAudit(tx, transition.actor.audit, {
      action: `transaction.${transition.to}`,
      entityType: "transaction",
      entityId: transition.id,
      before: { status: before.status },
      after: { status: transition.to, ...finalAmount, ...(transition.note ? { note: transition.note } : {}) },
    });
  }
  const deliveryIds = await enqueueTransactionCallback(tx, transaction, transition.requestId);
  return { transaction, deliveryIds };
}
