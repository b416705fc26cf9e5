import { chooseBankAccount } from "@/lib/domain/bank-accounts/choose-bank-account";
import type { AuthenticatedDealer } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { assertDealerMethodEnabled } from "@/lib/domain/dealers/assert-method-enabled";
import { inTransaction } from "@/lib/base/db/transaction";
import { createTransaction } from "@/lib/domain/transactions/create-transaction";
import { dealerRequestFields } from "./dealer-request-fields";
import type { Transaction } from "@/lib/generated/prisma/client";

type Body = { username: string; userid: string; fullname: string; amount: string };

/** The deposit and the account it offers, as offered when it was created. */
export type StartedDealerDeposit = {
  transaction: Transaction;
  account: { iban: string; accountName: string; bankName: string };
};

/**
 * POST /api/dealer/manual-iban/deposit: offers one of the dealer's accounts suited to the amount (DEP-).
 * The customer pays it directly; the deposit waits (pending) for staff to confirm the money arrived.
 */
export async function startDealerDeposit(dealer: AuthenticatedDealer, body: Body): Promise<StartedDealerDeposit> {
  assertDealerMethodEnabled(dealer, "MANUAL_BANK");
  const { transaction, account } = await inTransaction(async (tx) => {
    const chosen = await chooseBankAccount(tx, dealer.id, body.amount);
    const transaction = await createTransaction(
      tx,
      {
        ...dealerRequestFields(dealer, "DEPOSIT", body),
        fullname: body.fullname,
        bankAccountId: chosen.id,
        // The account as offered now: what the customer is told stays, whatever later edits do to the account.
        offeredIban: chosen.iban,
        offeredAccountName: chosen.accountName,
        offeredBankName: chosen.bankName,
      },
      { type: "API", id: dealer.callerId },
    );
    // The retry of a request whose deposit had committed answers with the account as offered then.
    const account = transaction.offeredIban
      ? {
          iban: transaction.offeredIban,
          accountName: transaction.offeredAccountName ?? "",
          bankName: transaction.offeredBankName ?? "",
        }
      : await tx.bankAccount.findUniqueOrThrow({
          where: { id: transaction.bankAccountId ?? chosen.id },
          select: { bankName: true, accountName: true, iban: true },
        });
    return { transaction, account };
  });
  return { transaction, account };
}
