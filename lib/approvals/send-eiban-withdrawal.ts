import { randomCodeGroup } from "@/lib/crypto/random";
import { prisma } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";
import { submitTransfer } from "@/lib/transfers/submit-transfer";
import { transitionTransaction } from "@/lib/transactions/transition-transaction";
import { loadForStaff, transitionActor, type Staff } from "./staff-actor";

/**
 * Approving an E-IBAN withdrawal executes it: a transfer from one of the dealer's wallets with enough
 * available balance, reserved in the same transaction that moves the withdrawal to processing. The bank's
 * settlement then completes or fails the withdrawal (settle-transfer), which sends its callback.
 */
export async function sendEibanWithdrawal(id: number, staff: Staff) {
  const transfer = await prisma.$transaction(async (tx) => {
    // Serialises two approvals of the same withdrawal: the second sees the first's transfer.
    await tx.$queryRaw`SELECT id FROM transactions WHERE id = ${id} FOR UPDATE`;
    const withdrawal = await loadForStaff(tx, id, staff);
    if (withdrawal.direction !== "WITHDRAWAL" || withdrawal.method !== "EIBAN") {
      throw ApiError.plain(409, "Not an E-IBAN withdrawal", `${withdrawal.trackingCode} is not an E-IBAN withdrawal.`);
    }
    if (await tx.transfer.findUnique({ where: { transactionId: id } })) throw ApiError.plain(409, "Already sent", `${withdrawal.trackingCode} was already sent to the bank.`);
    const actor = transitionActor(staff);
    if (withdrawal.status === "pending") {
      await transitionTransaction(tx, { id, from: ["pending"], to: "processing", actor, note: "Taken" });
    } else if (withdrawal.status !== "processing") {
      throw ApiError.plain(409, "Invalid state transition", `${withdrawal.trackingCode} is ${withdrawal.status}; it cannot be sent.`);
    }
    const amount = withdrawal.amount.toFixed(2);
    const [wallet] = await tx.$queryRaw<{ id: number }[]>`
      UPDATE eiban_wallets SET available_balance = available_balance - ${amount}::numeric, updated_at = now()
      WHERE id = (SELECT id FROM eiban_wallets WHERE dealer_id = ${withdrawal.dealerId} AND is_active AND available_balance >= ${amount}::numeric
                  ORDER BY available_balance DESC LIMIT 1 FOR UPDATE)
      RETURNING id`;
    if (!wallet) throw ApiError.plain(409, "Insufficient balance", `No E-IBAN wallet of the dealer has ${amount} TRY available.`);
    await tx.transactionEvent.create({
      data: { transactionId: id, fromStatus: "processing", toStatus: "processing", actorType: actor.type, actorId: String(actor.id ?? ""), note: "Sent to the bank" },
    });
    return tx.transfer.create({
      data: {
        transferId: `TRF-${randomCodeGroup()}`,
        dealerId: withdrawal.dealerId,
        walletId: wallet.id,
        transactionId: id,
        amount,
        recipientIban: withdrawal.iban!,
        recipientName: withdrawal.recipientName ?? withdrawal.fullname,
        description: `Withdrawal ${withdrawal.trackingCode}`,
      },
    });
  });
  await submitTransfer(transfer);
  return transfer;
}
