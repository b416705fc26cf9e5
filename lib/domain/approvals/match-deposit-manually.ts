import { inTransaction } from "@/lib/base/db/transaction";
import { note } from "@/lib/base/messages/notes";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { loadForStaff, staffActor, type Staff } from "./staff-actor";

/**
 * Staff pair an E-IBAN deposit with an incoming payment the automatic matching left alone (also after
 * expiry). The core checks the payment arrived on the deposit's own account and is not matched yet, and
 * completes the deposit with the amount that arrived.
 */
export async function matchDepositManually(id: number, lineId: number, staff: Staff) {
  const { transaction } = await inTransaction(async (tx) => {
    await loadForStaff(tx, id, staff);
    const line = await tx.eibanTransaction.findUnique({
      where: { id: lineId },
      select: { externalId: true, senderName: true },
    });
    return transitionTransaction(tx, {
      id,
      to: "completed",
      actor: staffActor(staff),
      bankLineId: lineId,
      note: note("matchedByHand", { payment: line?.externalId ?? String(lineId), sender: line?.senderName ?? "?" }),
      data: { completedAt: new Date() },
    });
  });
  return transaction;
}
