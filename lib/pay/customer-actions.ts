import { chooseBankAccount } from "@/lib/bank-accounts/choose-bank-account";
import { prisma } from "@/lib/db/prisma";
import { ApiError } from "@/lib/http/api-error";
import { announceDeliveries } from "@/lib/jobs/dispatch";
import { compareDecimal } from "@/lib/schemas/common";
import { transitionTransaction } from "@/lib/transactions/transition-transaction";

async function openDeposit(token: string) {
  const deposit = await prisma.transaction.findUnique({ where: { paymentToken: token } });
  if (!deposit || deposit.direction !== "DEPOSIT") throw ApiError.plain(404, "Not found", "Unknown payment.");
  if (deposit.status !== "showing" || (deposit.expiresAt && deposit.expiresAt <= new Date())) {
    throw ApiError.plain(409, "Not open", "This payment can no longer be changed.");
  }
  return deposit;
}

/** The customer changes a manual deposit's amount within the dealer's accounts' range. */
export async function changeDepositAmount(token: string, amount: string) {
  const deposit = await openDeposit(token);
  if (deposit.method !== "MANUAL_BANK") throw ApiError.plain(409, "Fixed amount", "The amount of this payment cannot be changed.");
  await prisma.$transaction(async (tx) => {
    const account = deposit.bankAccountId ? await tx.bankAccount.findUnique({ where: { id: deposit.bankAccountId } }) : null;
    const fits = account?.isActive && compareDecimal(amount, account.minAmount.toFixed(2)) >= 0 && compareDecimal(amount, account.maxAmount.toFixed(2)) <= 0;
    const bankAccountId = fits ? account.id : (await chooseBankAccount(tx, deposit.dealerId, amount)).id;
    const { count } = await tx.transaction.updateMany({ where: { id: deposit.id, status: "showing" }, data: { amount, bankAccountId } });
    if (count === 0) throw ApiError.plain(409, "Not open", "This payment can no longer be changed.");
    await tx.transactionEvent.create({
      data: { transactionId: deposit.id, fromStatus: "showing", toStatus: "showing", actorType: "CUSTOMER", note: `Amount changed from ${deposit.amount.toFixed(2)} to ${amount}` },
    });
  });
}

/** "I have sent the money" (showing -> pending) or "Cancel" (showing -> canceled, with its callback). */
export async function customerDecision(token: string, decision: "sent" | "cancel") {
  const deposit = await openDeposit(token);
  const { deliveryIds } = await prisma.$transaction((tx) =>
    transitionTransaction(tx, {
      id: deposit.id,
      from: ["showing"],
      to: decision === "sent" ? "pending" : "canceled",
      actor: { type: "CUSTOMER" },
      note: decision === "sent" ? "The customer says the money was sent" : "Cancelled by the customer",
    }),
  );
  await announceDeliveries(deliveryIds);
}
