import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { transactionScope } from "@/lib/domain/access/tenant-scope";
import { prisma } from "@/lib/base/db/prisma";

/**
 * The reads the approval forms make before they decide, each within the staff member's tenancy (the action
 * frame has checked role and tenant): another dealer's transaction is as unknown as a missing one.
 */

/**
 * The deposits among `ids` the staff member may decide, with what the bulk outcome lines name (tracking code, amount).
 */
export function listDepositsToDecide(user: ConsoleUser, ids: number[]) {
  return prisma.transaction.findMany({
    where: { id: { in: ids }, direction: "DEPOSIT", ...transactionScope(user) },
    select: { id: true, trackingCode: true, amount: true },
  });
}

/** The amount a transaction requested, or null when it is missing or not the staff member's. */
export function findRequestedAmount(user: ConsoleUser, id: number) {
  return prisma.transaction.findFirst({ where: { id, ...transactionScope(user) }, select: { amount: true } });
}
