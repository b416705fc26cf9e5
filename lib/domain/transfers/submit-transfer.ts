import { bankOfWallet } from "@/lib/domain/transfers/wallet-bank";
import { logger } from "@/lib/base/observability/logger";
import { prisma } from "@/lib/base/db/prisma";
import type { Transfer } from "@/lib/generated/prisma/client";

/**
 * Hands an accepted transfer to the bank. A failure to reach the bank leaves it pending without a bank
 * reference; resubmitUnsentTransfers retries (the bank deduplicates on our transfer id), because failing
 * it here could release money the bank did in fact receive the order for. Returns the bank's reference, or
 * null when the bank did not acknowledge it (yet), so a caller can say which.
 */
export async function submitTransfer(transfer: Transfer): Promise<string | null> {
  const wallet = await prisma.eibanWallet.findUniqueOrThrow({ where: { id: transfer.walletId } });
  try {
    const { reference } = await bankOfWallet(wallet).submitTransfer({
      clientRef: transfer.transferId,
      fromIban: wallet.iban,
      toIban: transfer.recipientIban,
      recipientName: transfer.recipientName,
      amount: transfer.amount.toFixed(2),
      description: transfer.description ?? "",
    });
    await prisma.transfer.updateMany({
      where: { id: transfer.id, bankReference: null },
      data: { bankReference: reference },
    });
    return reference;
  } catch (error) {
    logger.warn({ transfer_id: transfer.transferId, err: String(error) }, "bank submission failed; will retry");
    return null;
  }
}

/**
 * Pending transfers the bank has not acknowledged for a while are submitted again; never one held for a second
 * admin (four eyes), which goes to the bank only when confirmed.
 */
export async function resubmitUnsentTransfers(now = new Date(), olderThanMs = 30_000): Promise<number> {
  const unsent = await prisma.transfer.findMany({
    where: {
      status: "pending",
      bankReference: null,
      awaitingApproval: false,
      createdAt: { lt: new Date(now.getTime() - olderThanMs) },
    },
    take: 50,
  });
  for (const transfer of unsent) await submitTransfer(transfer);
  return unsent.length;
}
