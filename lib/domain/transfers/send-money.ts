import { randomCodeGroup } from "@/lib/base/crypto/random";
import type { AuthenticatedDealer } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { assertDealerMethodEnabled } from "@/lib/domain/dealers/assert-method-enabled";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { linkIdempotentCreate } from "@/lib/domain/idempotency/claim-context";
import { isValidIban, normalizeIban } from "@/lib/base/iban/iban";
import { compareDecimal } from "@/lib/base/money/compare-decimal";
import { moneyOutNeedsFourEyes } from "@/lib/domain/transactions/four-eyes";
import { submitTransfer } from "./submit-transfer";
import type { Transfer } from "@/lib/generated/prisma/client";
import { refusal } from "@/lib/base/messages/errors";

export const MIN_TRANSFER = "10.00";

type SendMoney = {
  wallet_id: string;
  recipient_iban: string;
  recipient_name: string;
  amount: string;
  description?: string;
};

/**
 * POST /api/dealer/send-money. The amount is reserved from available_balance by one guarded UPDATE in
 * the same transaction that creates the transfer, so concurrent requests can never overdraw the wallet.
 * The route runs it under Idempotency-Key handling like every other create; `answer` is the body the
 * caller will send for the transfer, which commits with it (see below).
 */
export async function sendMoney<Answer>(
  dealer: AuthenticatedDealer,
  input: SendMoney,
  answer: (transfer: Transfer) => Answer,
): Promise<Answer> {
  if (compareDecimal(input.amount, MIN_TRANSFER) < 0)
    throw DomainError.coded("VALIDATION", "MIN_AMOUNT_ERROR", refusal("minTransfer", { amount: MIN_TRANSFER }));
  const iban = normalizeIban(input.recipient_iban);
  if (iban.length < 15 || iban.length > 34 || !isValidIban(iban))
    throw DomainError.coded("VALIDATION", "INVALID_IBAN", refusal("invalidIban"));
  assertDealerMethodEnabled(dealer, "EIBAN");
  const wallet = await prisma.eibanWallet.findUnique({ where: { walletId: input.wallet_id } });
  if (!wallet || wallet.dealerId !== dealer.id || !wallet.isActive)
    throw DomainError.coded("FORBIDDEN", "WALLET_NOT_ASSIGNED", refusal("walletNotAssigned"));

  const { transfer, response } = await inTransaction(async (tx) => {
    const reserved = await tx.$executeRaw`
      UPDATE eiban_wallets SET available_balance = available_balance - ${input.amount}::numeric, updated_at = now()
      WHERE id = ${wallet.id} AND available_balance >= ${input.amount}::numeric`;
    if (reserved !== 1) throw DomainError.coded("VALIDATION", "INSUFFICIENT_BALANCE", refusal("insufficientBalance"));
    const transfer = await tx.transfer.create({
      data: {
        transferId: `TRF-${randomCodeGroup()}`,
        dealerId: dealer.id,
        siteIntegrationId: dealer.siteIntegration?.id ?? null,
        walletId: wallet.id,
        amount: input.amount,
        recipientIban: iban,
        recipientName: input.recipient_name,
        description: input.description ?? null,
        // Above the four-eyes limit it waits, reserved, for two admins (held-transfers.ts) before the bank sees it.
        awaitingApproval: moneyOutNeedsFourEyes(input.amount),
      },
    });
    const response = answer(transfer);
    // Under an Idempotency-Key the answer commits with the transfer and its reservation: a retry after
    // any crash replays it and never moves the money a second time.
    await linkIdempotentCreate(tx, { transferId: transfer.id }, response);
    return { transfer, response };
  });
  if (!transfer.awaitingApproval) await submitTransfer(transfer);
  return response;
}
