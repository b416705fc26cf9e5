import type { AuthenticatedDealer } from "@/lib/domain/dealers/find-dealer-by-api-key";
import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { transferDetail } from "./transfer-response";
import type { TransferStatusResponse } from "@/lib/api/schemas/responses/dealer-responses";

/** GET /api/dealer/transfer-status: another dealer's transfer is as unknown as a missing one. */
export async function getTransferStatus(dealer: AuthenticatedDealer, transferId: string): Promise<TransferStatusResponse> {
  const transfer = await prisma.transfer.findUnique({ where: { transferId } });
  if (!transfer || transfer.dealerId !== dealer.id) throw DomainError.notFound(`No transfer ${transferId}.`);
  return { success: true, dealer_name: dealer.name, transfer: transferDetail(transfer) };
}
