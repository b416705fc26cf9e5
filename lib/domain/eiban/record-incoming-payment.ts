import { inTransaction } from "@/lib/base/db/transaction";
import { normalizeIban } from "@/lib/base/iban/iban";
import { matchIncomingToDeposit } from "./match-incoming-to-deposit";

/** A payment received on a wallet; `walletId` is the wallet the verifying credentials may book onto (bookBankLine). */
export type IncomingPaymentNotice = {
  walletId: number;
  reference: string;
  amount: string;
  senderName: string;
  senderIban: string;
  description: string;
  occurredAt: Date;
};

/**
 * Books a payment the bank reports as received on an E-IBAN wallet (once per bank reference on that
 * wallet), credits the wallet, and completes the E-IBAN deposit it pays, if one matches.
 */
export async function recordIncomingPayment(notice: IncomingPaymentNotice): Promise<"recorded" | "duplicate"> {
  const result = await inTransaction(async (tx) => {
    const key = { walletId: notice.walletId, externalId: notice.reference };
    if (await tx.eibanTransaction.findUnique({ where: { walletId_externalId: key } }))
      return { status: "duplicate" as const, deliveryIds: [] };
    const line = await tx.eibanTransaction.create({
      data: {
        ...key,
        direction: "incoming",
        amount: notice.amount,
        description: notice.description,
        senderName: notice.senderName,
        senderIban: normalizeIban(notice.senderIban),
        occurredAt: notice.occurredAt,
      },
    });
    await tx.eibanWallet.update({
      where: { id: notice.walletId },
      data: { balance: { increment: notice.amount }, availableBalance: { increment: notice.amount } },
    });
    return { status: "recorded" as const, deliveryIds: await matchIncomingToDeposit(tx, line) };
  });
  return result.status;
}
