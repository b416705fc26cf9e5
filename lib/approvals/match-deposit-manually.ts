import { prisma } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";
import { announceDeliveries } from "@/lib/jobs/dispatch";
import { transitionTransaction } from "@/lib/transactions/transition-transaction";
import { loadForStaff, transitionActor, type Staff } from "./staff-actor";

/** Staff pair an E-IBAN deposit with an incoming payment the automatic matching left alone. */
export async function matchDepositManually(id: number, lineId: number, staff: Staff) {
  const { transaction, deliveryIds } = await prisma.$transaction(async (tx) => {
    const deposit = await loadForStaff(tx, id, staff);
    const line = await tx.eibanTransaction.findUnique({ where: { id: lineId } });
    if (deposit.method !== "EIBAN" || deposit.direction !== "DEPOSIT" || !line || line.walletId !== deposit.eibanWalletId || line.direction !== "incoming") {
      throw ApiError.plain(409, "Cannot match", "That payment did not arrive on this deposit's E-IBAN account.");
    }
    const { count } = await tx.eibanTransaction.updateMany({ where: { id: lineId, matchedTransactionId: null }, data: { matchedTransactionId: id } });
    if (count === 0) throw ApiError.plain(409, "Already matched", "That payment is already matched to another deposit.");
    return transitionTransaction(tx, {
      id,
      from: ["showing", "pending", "expired"],
      to: "completed",
      actor: transitionActor(staff),
      note: `Matched by hand to payment ${line.externalId} from ${line.senderName}`,
      data: { finalAmount: line.amount, completedAt: new Date() },
    });
  });
  await announceDeliveries(deliveryIds);
  return transaction;
}
