import { randomCodeGroup } from "@/lib/base/crypto/random";
import { note, noteColumns } from "@/lib/base/messages/notes";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { submitTransfer } from "@/lib/domain/transfers/submit-transfer";
import { historyActor } from "@/lib/domain/transactions/transition-actor";
import { lockTransaction, transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { loadForStaff, staffActor, type Staff } from "./staff-actor";
import { refusal } from "@/lib/base/messages/errors";

/**
 * Approving an E-IBAN withdrawal executes it: a transfer from one of the dealer's wallets with enough
 * available balance, reserved in the same transaction that takes the withdrawal (pending -> processing).
 * The row lock taken first serialises this with every other decision on the withdrawal, so a reject can
 * never slip in beside a transfer; once the transfer exists the table's `unsent` guard leaves the outcome
 * to the bank's settlement (settle-transfer), which sends the callback.
 */
export async function sendEibanWithdrawal(id: number, staff: Staff) {
  const transfer = await inTransaction(async (tx) => {
    await loadForStaff(tx, id, staff);
    const withdrawal = await lockTransaction(tx, id);
    if (withdrawal.direction !== "WITHDRAWAL" || withdrawal.method !== "EIBAN" || !withdrawal.iban) {
      throw DomainError.conflict(
        "Not an E-IBAN withdrawal",
        refusal("notEibanWithdrawal", { trackingCode: withdrawal.trackingCode }),
      );
    }
    if (await tx.transfer.findUnique({ where: { transactionId: id } }))
      throw DomainError.conflict("Already sent", refusal("alreadySent", { trackingCode: withdrawal.trackingCode }));
    const actor = staffActor(staff);
    if (withdrawal.status !== "processing")
      await transitionTransaction(tx, { id, to: "processing", actor, note: note("taken") });
    const amount = withdrawal.amount.toFixed(2);
    const [wallet] = await tx.$queryRaw<{ id: number }[]>`
      UPDATE eiban_wallets SET available_balance = available_balance - ${amount}::numeric, updated_at = now()
      WHERE id = (SELECT id FROM eiban_wallets WHERE dealer_id = ${withdrawal.dealerId} AND is_active AND
        available_balance >= ${amount}::numeric
                  ORDER BY available_balance DESC LIMIT 1 FOR UPDATE)
      RETURNING id`;
    if (!wallet) throw DomainError.conflict("Insufficient balance", refusal("noWalletBalance", { amount }));
    await tx.transactionEvent.create({
      data: {
        transactionId: id,
        fromStatus: "processing",
        toStatus: "processing",
        ...historyActor(actor),
        ...noteColumns(note("sentToBank")),
      },
    });
    return tx.transfer.create({
      data: {
        transferId: `TRF-${randomCodeGroup()}`,
        dealerId: withdrawal.dealerId,
        walletId: wallet.id,
        transactionId: id,
        amount,
        recipientIban: withdrawal.iban,
        recipientName: withdrawal.recipientName ?? withdrawal.fullname,
        description: `Withdrawal ${withdrawal.trackingCode}`,
      },
    });
  });
  // The bank's acknowledgement, or null: the transfer is then queued and the housekeeping resends it.
  const bankReference = await submitTransfer(transfer);
  return { ...transfer, bankReference };
}
