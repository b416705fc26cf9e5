import type { Db } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";

export type { Staff } from "@/lib/domain/transactions/transition-actor";
export { staffActor } from "@/lib/domain/transactions/transition-actor";

/** The transaction, if the staff member may work on it; others' transactions are as unknown as missing ones. */
export async function loadForStaff(tx: Db, id: number, staff: { dealerId?: number | null }) {
  const transaction = await tx.transaction.findUnique({ where: { id } });
  if (!transaction || (staff.dealerId != null && transaction.dealerId !== staff.dealerId)) {
    throw DomainError.notFound(refusal("transactionNotYours"));
  }
  return transaction;
}
