import { prisma } from "@/lib/base/db/prisma";
import { noTransaction, ownedTransactionWhere, type ApiOwner } from "@/lib/domain/access/api-owner";
import type { TransactionStatusResponse } from "@/lib/api/schemas/responses/transaction-reads";
import { transactionHistory, transactionRecord } from "./api-transaction-record";

/** Any transaction of the caller, any method, with its history; another caller's is as unknown as a missing one. */
export async function apiTransactionStatus(trackingCode: string, owner: ApiOwner): Promise<TransactionStatusResponse> {
  const t = await prisma.transaction.findFirst({
    where: { AND: [{ trackingCode }, ownedTransactionWhere(owner)] },
    include: { site: { select: { id: true, name: true } }, events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  if (!t) throw noTransaction(trackingCode);
  return { success: true, data: { ...transactionRecord(t), history: transactionHistory(t.events) } };
}
