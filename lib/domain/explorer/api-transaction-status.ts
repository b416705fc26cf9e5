import { prisma } from "@/lib/base/db/prisma";
import { noTransaction, ownedTransactionWhere, type ApiOwner } from "@/lib/domain/access/api-owner";
import type { Transaction, TransactionEvent } from "@/lib/generated/prisma/client";

/** A transaction as the read endpoints show it: with its site's name and its history rows, oldest first. */
export type TransactionWithHistory = Transaction & {
  site: { id: number; name: string } | null;
  events: TransactionEvent[];
};

/** Any transaction of the caller, any method, with its history; another caller's is as unknown as a missing one. */
export async function apiTransactionStatus(trackingCode: string, owner: ApiOwner): Promise<TransactionWithHistory> {
  const t = await prisma.transaction.findFirst({
    where: { AND: [{ trackingCode }, ownedTransactionWhere(owner)] },
    include: { site: { select: { id: true, name: true } }, events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  if (!t) throw noTransaction(trackingCode);
  return t;
}
