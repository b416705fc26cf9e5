import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { transactionScope } from "@/lib/domain/access/tenant-scope";
import { prisma } from "@/lib/base/db/prisma";
import type { Direction, TransactionStatus } from "@/lib/generated/prisma/enums";
import { paymentMethodOf, type PaymentMethod } from "@/lib/domain/payment-methods";
import { DEPOSIT_QUEUE, WITHDRAWAL_QUEUE } from "./approval-queue-filters";

export type QueueSize = { direction: Direction; method: PaymentMethod; status: TransactionStatus; count: number };

/** How much the approvals page holds, per queue, method and stage; uncapped, unlike the page's lists. */
export async function countApprovalQueues(user: ConsoleUser): Promise<QueueSize[]> {
  const scope = transactionScope(user);
  const groups = await Promise.all(
    [DEPOSIT_QUEUE, WITHDRAWAL_QUEUE].map((queue) =>
      prisma.transaction.groupBy({
        by: ["direction", "method", "status"],
        where: { ...scope, ...queue },
        _count: { _all: true },
      }),
    ),
  );
  return groups.flat().map((g) => ({
    direction: g.direction,
    method: paymentMethodOf(g.method),
    status: g.status,
    count: g._count._all,
  }));
}

/** Staff decisions waiting for a second admin (four eyes), on transactions the user may see. */
export function countOpenProposals(user: ConsoleUser): Promise<number> {
  return prisma.secondApproval.count({ where: { openFor: { not: null }, transaction: transactionScope(user) } });
}
