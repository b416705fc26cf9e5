import { inTransaction } from "@/lib/base/db/transaction";
import { normalizeIban } from "@/lib/base/iban/iban";
import { matchIncomingToDeposit } from "./match-incoming-to-deposit";

export type IncomingPaymentNotice = { reference: string; iban: string; amount: string; senderName: string; senderIban: string; description: string; occurredAt: Date };

/**
 * Books a payment the bank reports as received on an E-IBAN wallet (once per bank reference), credits
 * the wallet, and completes the E-IBAN deposit it pays, if one matches.
 */
export async function recordIncomingPayment(notice: IncomingPaymentNotice): Promise<"recorded" | "duplicate" | "unknown-account"> {
  const result = await inTransaction(async (tx) => {
    const wallet = await tx.eibanWallet.findUnique({ where: { iban: normalizeIban(notice.iban) } });
    if (!wallet) return { status: "unknown-account" as const, deliveryIds: [] };
    if (await tx.eibanTransaction.findUnique({ where: { externalId: notice.reference } })) return { status: "duplicate" as const, deliveryIds: [] };
    const line = await tx.eibanTransaction.create({
      data: {
        walletId: wallet.id,
        externalId: notice.reference,
        direction: "incoming",
        amount: notice.amount,
        description: notice.description,
        senderName: notice.senderName,
        senderIban: normalizeIban(notice.senderIban),
        occurredAt: notice.occurredAt,
      },
    });
    await tx.eibanWallet.update({ where: { id: wallet.id }, data: { balance: { increment: notice.amount }, availableBalance: { increment: notice.amount } } });
    return { status: "recorded" as const, deliveryIds: await matchIncomingToDeposit(tx, line) };
  });
  return result.status;
}
