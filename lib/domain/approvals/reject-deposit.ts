import { inTransaction } from "@/lib/base/db/transaction";
import { note } from "@/lib/base/messages/notes";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { loadForStaff, staffActor, type Staff } from "./staff-actor";

/**
 * Staff reject a deposit whose money did not arrive (canceled); third-party deposits are their gateway's to
 * decide. The reason is kept for the customer's final page as well as the history.
 */
export async function rejectDeposit(id: number, staff: Staff, reason?: string) {
  const { transaction } = await inTransaction(async (tx) => {
    await loadForStaff(tx, id, staff);
    return transitionTransaction(tx, {
      id,
      to: "canceled",
      actor: staffActor(staff),
      note: note("rejected", { reason }),
      data: { outcomeReason: reason ?? null },
    });
  });
  return transaction;
}
