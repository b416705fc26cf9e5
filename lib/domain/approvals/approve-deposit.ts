import { inTransaction } from "@/lib/base/db/transaction";
import { note } from "@/lib/base/messages/notes";
import { decideOrPropose } from "@/lib/domain/transactions/propose-transition";
import { loadForStaff, staffActor, type Staff } from "./staff-actor";

/**
 * Staff confirm a deposit with the amount actually received (the callback carries it), and say why when it
 * differs from the request. The lifecycle table decides which deposits staff may complete this way: manual
 * bank ones (an expired one only late, with the bank's reference); E-IBAN deposits complete only against
 * the bank's incoming payment (matchDepositManually), third-party ones only by their gateway. Where the
 * table asks for four eyes (an amount that differs, a late completion) this is the first approval: it is
 * stored as a proposal that a second admin confirms or declines (second-approval.ts), and the result says so.
 */
export async function approveDeposit(
  id: number,
  staff: Staff,
  finalAmount?: string,
  reason?: string,
  reference?: string,
) {
  const decided = await inTransaction(async (tx) => {
    const deposit = await loadForStaff(tx, id, staff);
    const amount = finalAmount ?? deposit.amount.toFixed(2);
    const changed = amount !== deposit.amount.toFixed(2);
    return decideOrPropose(tx, {
      id,
      to: "completed",
      actor: staffActor(staff),
      finalAmount: amount,
      reference,
      reason,
      note: !changed
        ? note("approved")
        : note("approvedAmount", { received: amount, requested: deposit.amount.toFixed(2), reason }),
      // Why the amount differs is the customer's to read on the final page.
      data: { completedAt: new Date(), outcomeReason: changed ? (reason ?? null) : null },
    });
  });
  return decided;
}
