import { amountOverLimit } from "@/lib/domain/accounts/amount-limit";
import { note, noteColumns } from "@/lib/base/messages/notes";
import { chooseBankAccount } from "@/lib/domain/bank-accounts/choose-bank-account";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { flagLateSent } from "@/lib/domain/manual-bank/flag-late-sent";
import { lifecycleOf, movesFor } from "@/lib/domain/payment-methods";
import { compareDecimal } from "@/lib/base/money/compare-decimal";
import { CUSTOMER } from "@/lib/domain/transactions/transition-actor";
import { lockTransaction, transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { refusal } from "@/lib/base/messages/errors";

async function depositByToken(token: string) {
  const deposit = await prisma.transaction.findUnique({
    where: { paymentToken: token },
    select: { id: true, direction: true },
  });
  if (!deposit || deposit.direction !== "DEPOSIT") throw DomainError.notFound(refusal("unknownPayment"));
  return deposit;
}

/**
 * The customer changes the amount on the page, where the method's lifecycle allows it (manual deposits,
 * while showing and before expires_at), within the dealer's accounts' range and the provider's maximum per
 * transaction.
 */
export async function changeDepositAmount(token: string, amount: string) {
  const { id } = await depositByToken(token);
  await inTransaction(async (tx) => {
    const deposit = await lockTransaction(tx, id);
    const lifecycle = lifecycleOf(deposit);
    if (!lifecycle?.customerAmountChange) throw DomainError.conflict("Fixed amount", refusal("fixedAmount"));
    if (deposit.status !== lifecycle.customerAmountChange || (deposit.expiresAt && deposit.expiresAt <= new Date())) {
      throw DomainError.conflict("Not open", refusal("cannotChange"));
    }
    const provider = deposit.providerId
      ? await tx.provider.findUnique({ where: { id: deposit.providerId }, select: { maxTransactionAmount: true } })
      : null;
    const overLimit = provider ? amountOverLimit(amount, provider.maxTransactionAmount.toFixed(2)) : null;
    if (overLimit) throw DomainError.validation([overLimit]);
    const account = deposit.bankAccountId
      ? await tx.bankAccount.findUnique({ where: { id: deposit.bankAccountId } })
      : null;
    const fits =
      account?.isActive &&
      compareDecimal(amount, account.minAmount.toFixed(2)) >= 0 &&
      compareDecimal(amount, account.maxAmount.toFixed(2)) <= 0;
    // The offered account stays as it was offered while it still fits; another account is offered as it reads now.
    const offered = fits ? null : await chooseBankAccount(tx, deposit.dealerId, amount);
    const changedOffer = offered
      ? {
          bankAccountId: offered.id,
          offeredIban: offered.iban,
          offeredAccountName: offered.accountName,
          offeredBankName: offered.bankName,
        }
      : {};
    await tx.transaction.update({ where: { id }, data: { amount, ...changedOffer } });
    await tx.transactionEvent.create({
      data: {
        transactionId: id,
        fromStatus: deposit.status,
        toStatus: deposit.status,
        actorType: "CUSTOMER",
        ...noteColumns(note("amountChanged", { previous: deposit.amount.toFixed(2), amount })),
      },
    });
  });
}

/**
 * "I have sent the money" (showing -> pending) or "Cancel": a deposit's showing -> canceled, a card
 * payment's pending -> cancelled, each with its callback, as the payment's lifecycle names the customer's
 * cancel. The lifecycle table refuses "sent" where only a gateway can move the deposit on (third-party
 * deposits), and a cancel where the customer has none (a gateway's pending deposit).
 */
export async function customerDecision(token: string, decision: "sent" | "cancel") {
  const payment = await prisma.transaction.findUnique({
    where: { paymentToken: token },
    select: { id: true, method: true, direction: true, origin: true, status: true },
  });
  if (!payment || payment.direction === "WITHDRAWAL" || (decision === "sent" && payment.direction !== "DEPOSIT"))
    throw DomainError.notFound(refusal("unknownPayment"));
  const { id } = payment;
  const cancel =
    movesFor(payment, "customer").find((r) => r.to === "canceled" || r.to === "cancelled")?.to ?? "canceled";
  try {
    await inTransaction((tx) =>
      transitionTransaction(tx, {
        id,
        to: decision === "sent" ? "pending" : cancel,
        actor: CUSTOMER,
        note: note(decision === "sent" ? "customerSent" : "customerCancelled"),
      }),
    );
  } catch (error) {
    // "Sent" after the time ran out is still refused, but staff are told: the money may have arrived.
    if (decision === "sent" && error instanceof DomainError && error.code === "INVALID_TRANSITION")
      await flagLateSent(id);
    throw error;
  }
}
