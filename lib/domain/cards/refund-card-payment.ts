import { loadForStaff, staffActor, type Staff } from "@/lib/domain/approvals/staff-actor";
import { prisma } from "@/lib/base/db/prisma";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";

/** success -> refunded by staff (decisions §5): visible in the status query, no callback. */
export async function refundCardPayment(id: number, staff: Staff, reason?: string) {
  return prisma.$transaction(async (tx) => {
    await loadForStaff(tx, id, staff);
    const { transaction } = await transitionTransaction(tx, { id, to: "refunded", actor: staffActor(staff), note: reason ? `Refunded: ${reason}` : "Refunded", data: { outcomeReason: reason ?? null } });
    return transaction;
  });
}
