import type { ConsoleUser } from "@/lib/auth/console-user";
import { transactionScope } from "@/lib/console/tenant-scope";
import { prisma } from "@/lib/db/prisma";
import { DEPOSIT_QUEUE, WITHDRAWAL_QUEUE } from "./approval-queue-filters";

const QUEUE_LIMIT = 100;

/** The work waiting for staff: open manual/E-IBAN deposits and withdrawals, oldest first. */
export async function listApprovalQueues(user: ConsoleUser) {
  const scope = transactionScope(user);
  const include = { site: { select: { name: true } }, transfer: true, eibanWallet: { select: { id: true, walletId: true } } } as const;
  const [deposits, withdrawals] = await Promise.all([
    prisma.transaction.findMany({
      where: { ...scope, ...DEPOSIT_QUEUE },
      orderBy: [{ status: "asc" }, { createdAt: "asc" }],
      take: QUEUE_LIMIT,
      include,
    }),
    prisma.transaction.findMany({
      where: { ...scope, ...WITHDRAWAL_QUEUE },
      orderBy: { createdAt: "asc" },
      take: QUEUE_LIMIT,
      include,
    }),
  ]);
  const walletIds = [...new Set(deposits.map((d) => d.eibanWallet?.id).filter((id): id is number => Boolean(id)))];
  const unmatched = walletIds.length
    ? await prisma.eibanTransaction.findMany({ where: { walletId: { in: walletIds }, direction: "incoming", matchedTransactionId: null }, orderBy: { occurredAt: "desc" }, take: 200 })
    : [];
  return { deposits, withdrawals, unmatched };
}
