import { inTransaction } from "@/lib/base/db/transaction";
import { note } from "@/lib/base/messages/notes";
import { TRANSFER_LIFECYCLE } from "@/lib/domain/payment-methods/transfers";
import { reportOutcome } from "@/lib/domain/transactions/report-outcome";
import { BANK } from "@/lib/domain/transactions/transition-actor";
import { postSendMoney } from "@/lib/domain/ledger/post-money-event";

/** `walletId`: the wallet whose bank reported it; a transfer of any other wallet is never touched. */
type Outcome = {
  transferId: string;
  walletId: number;
  reference: string;
  completed: boolean;
  reason?: string;
  occurredAt: Date;
};

/**
 * Applies the bank's verdict on a transfer, once: completed moves the money out of the wallet's balance
 * (it was already reserved from available_balance) and records the statement line; failed releases the
 * reservation. The money is always booked as the bank reports it. A transfer that carries an E-IBAN
 * withdrawal settles the withdrawal with it; should the withdrawal's lifecycle refuse (it never may while
 * a transfer is in flight), the refusal is recorded and raised for staff instead of undoing the booking.
 */
export async function settleTransfer(outcome: Outcome) {
  const to = outcome.completed ? "completed" : "failed";
  if (!TRANSFER_LIFECYCLE.transitions.some((r) => r.from === "pending" && r.to === to))
    throw new Error(`a transfer cannot become ${to}`);
  const deliveryIds = await inTransaction(async (tx) => {
    const transfer = await tx.transfer.findFirst({
      where: { transferId: outcome.transferId, walletId: outcome.walletId },
    });
    if (!transfer) return null;
    const { count } = await tx.transfer.updateMany({
      where: { id: transfer.id, status: "pending" },
      data: outcome.completed
        ? { status: "completed", completedAt: outcome.occurredAt, bankReference: outcome.reference }
        : {
            status: "failed",
            failureReason: outcome.reason ?? "Declined by the bank",
            bankReference: outcome.reference,
          },
    });
    if (count === 0) return []; // already settled: a repeated notification changes nothing
    // A dealer's own transfer is a money event; one paying a withdrawal posts with the withdrawal's completion.
    if (to === TRANSFER_LIFECYCLE.ledger.on && !transfer.transactionId) await postSendMoney(tx, transfer);
    if (outcome.completed) {
      const wallet = await tx.eibanWallet.update({
        where: { id: transfer.walletId },
        data: { balance: { decrement: transfer.amount } },
      });
      // On an outgoing line the wallet itself is the sender; the recipient goes into the description.
      await tx.eibanTransaction.create({
        data: {
          walletId: transfer.walletId,
          externalId: outcome.reference,
          direction: "outgoing",
          amount: transfer.amount,
          description:
            `${transfer.transferId} to ${transfer.recipientName} ` +
            `(${transfer.recipientIban})${transfer.description ? `: ${transfer.description}` : ""}`,
          senderName: wallet.accountName,
          senderIban: wallet.iban,
          occurredAt: outcome.occurredAt,
        },
      });
    } else {
      await tx.eibanWallet.update({
        where: { id: transfer.walletId },
        data: { availableBalance: { increment: transfer.amount } },
      });
    }
    if (!transfer.transactionId) return [];
    const { deliveryIds } = await reportOutcome(tx, {
      id: transfer.transactionId,
      to,
      actor: BANK,
      source: "eiban-bank",
      reported: outcome.completed
        ? `transfer ${transfer.transferId} completed`
        : `transfer ${transfer.transferId} failed (${outcome.reason ?? "declined"})`,
      note: outcome.completed
        ? note("bankSent", { reference: outcome.reference })
        : note("bankRefused", { reason: outcome.reason ?? "declined" }),
      data: outcome.completed
        ? { completedAt: outcome.occurredAt }
        : { errorMessage: outcome.reason ?? "Declined by the bank" },
    });
    return deliveryIds;
  });
  return deliveryIds !== null;
}
