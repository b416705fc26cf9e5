import type { AuthenticatedDealer } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { Transfer } from "@/lib/generated/prisma/client";
import { refusal } from "@/lib/base/messages/errors";

/** The dealer's transfer, with the dealer's name its status answer carries. */
export type DealerTransfer = { dealerName: string; transfer: Transfer };

/** GET /api/dealer/transfer-status: another dealer's transfer is as unknown as a missing one. */
export async function getTransferStatus(dealer: AuthenticatedDealer, transferId: string): Promise<DealerTransfer> {
  const transfer = await prisma.transfer.findUnique({ where: { transferId } });
  if (!transfer || transfer.dealerId !== dealer.id) throw DomainError.notFound(refusal("noTransfer", { transferId }));
  return { dealerName: dealer.name, transfer };
}
