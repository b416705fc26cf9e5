import type { Db } from "@/lib/db/prisma";
import { DomainError } from "@/lib/errors/domain-error";

export type { Staff } from "@/lib/transactions/transition-actor";
export { staffActor } from "@/lib/transactions/transition-actor";

/** The transaction, if the staff member may work on it; others' transactions are as unknown as missing ones. */
export async function loadForStaff(tx: Db, id: number, staff: { dealerId?: number | null }) {
  const transaction = await tx.transaction.findUnique({ where: { id } });
  if (!transaction || (staff.dealerId != null && transaction.dealerId !== staff.dealerId)) {
    throw DomainError.notFound("This transaction does not exist or is not yours to process.");
  }
  return transaction;
}
