import { prisma } from "@/lib/db/prisma";
import { announceDeliveries } from "@/lib/jobs/dispatch";
import { transitionTransaction } from "@/lib/transactions/transition-transaction";

/**
 * Applies the bank's verdict on a transfer, once: completed moves the money out of the wallet's balance
 * (it was already reserved from available_balance) and records the statement line; failed releases the
 * reservation. A transfer that carries an E-IBAN withdrawal settles the withdrawal with it.
 */
export async function settleTransfer(outcome: { transferId: string; reference: string; completed: boolean; reason?: string; occurredAt: Date }) {
  const deliveryIds = await prisma.$transaction(async (tx) => {
    const transfer = await tx.transfer.findUnique({ where: { transferId: outcome.transferId } });
    if (!transfer) return null;
    const { count } = await tx.transfer.updateMany({
      where: { id: transfer.id, status: "pending" },
      data: outcome.completed
        ? { status: "completed", completedAt: outcome.occurredAt, bankReference: outcome.reference }
        : { status: "failed", failureReason: outcome.reason ?? "Declined by the bank", bankReference: outcome.reference },
    });
    if (count === 0) return []; // already settled: a repeated notification changes nothing
    if (outcome.completed) {
      const wallet = await tx.eibanWallet.update({ where: { id: transfer.walletId }, data: { balance: { decrement: transfer.amount } } });
      // On an outgoing line the wallet itself is the sender; the recipient goes into the description.
      await tx.eibanTransaction.create({
        data: {
          walletId: transfer.walletId,
          externalId: outcome.reference,
          direction: "outgoing",
          amount: transfer.amount,
          description: `${transfer.transferId} to ${transfer.recipientName} (${transfer.recipientIban})${transfer.description ? `: ${transfer.description}` : ""}`,
          senderName: wallet.accountName,
          senderIban: wallet.iban,
          occurredAt: outcome.occurredAt,
        },
      });
    } else {
      await tx.eibanWallet.update({ where: { id: transfer.walletId }, data: { availableBalance: { increment: transfer.amount } } });
    }
    if (!transfer.transactionId) return [];
    const { deliveryIds } = await transitionTransaction(tx, {
      id: transfer.transactionId,
      from: ["processing"],
      to: outcome.completed ? "completed" : "failed",
      actor: { type: "GATEWAY", id: "eiban-bank" },
      note: outcome.completed ? `Sent by the bank, reference ${outcome.reference}` : `The bank refused the transfer: ${outcome.reason ?? "declined"}`,
      data: outcome.completed ? { completedAt: outcome.occurredAt } : { errorMessage: outcome.reason ?? "Declined by the bank" },
    });
    return deliveryIds;
  });
  if (deliveryIds?.length) await announceDeliveries(deliveryIds);
  return deliveryIds !== null;
}
