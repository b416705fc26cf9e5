import { randomCodeGroup } from "@/lib/base/crypto/random";
import { note, noteColumns } from "@/lib/base/messages/notes";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { submitTransfer } from "@/lib/domain/transfers/submit-transfer";
import { historyActor } from "@/lib/domain/transactions/transition-actor";
import { decideOrPropose } from "@/lib/domain/transactions/propose-transition";
import { lockTransaction } from "@/lib/domain/transactions/transition-transaction";
import type { Transaction, Transfer } from "@/lib/generated/prisma/client";
import { loadForStaff, staffActor, type Staff } from "./staff-actor";
import { refusal } from "@/lib/base/messages/errors";

/**
 * Approving an E-IBAN withdrawal executes it: a transfer from one of the dealer's wallets with enough
 * available balance, reserved in the same transaction that takes the withdrawal (pending -> processing).
 * The row lock taken first serialises this with every other decision on the withdrawal, so a reject can
 * never slip in beside a transfer; once the transfer exists the table's `unsent` guard leaves the outcome
 * to the bank's settlement (settle-transfer), which sends the callback. Where taking it needs a second admin
 * (money out above FOUR_EYES_MONEY_OUT_ABOVE), approving it is the proposal: nothing is reserved or sent until a
 * second admin confirms (confirmSecondApproval then sends it).
 */
export async function sendEibanWithdrawal(id: number, staff: Staff): Promise<SentOrProposed> {
  const sent = await inTransaction(async (tx): Promise<SentOrProposed | Transfer> => {
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
    if (withdrawal.status !== "processing") {
      const taken = await decideOrPropose(tx, { id, to: "processing", actor, note: note("taken") });
      if (taken.outcome === "proposed") return { proposed: true, transaction: taken.transaction };
    }
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
  if ("proposed" in sent) return sent;
  // The bank's acknowledgement, or null: the transfer is then queued and the housekeeping resends it.
  const bankReference = await submitTransfer(sent);
  return { ...sent, bankReference, proposed: false };
}

/** The transfer sent (with the bank's reference, or null while queued), or the proposal awaiting a second admin. */
export type SentOrProposed = (Transfer & { proposed: false }) | { proposed: true; transaction: Transaction };
