import { prisma } from "@/lib/base/db/prisma";

export type ReconciliationState = "unchecked" | "matches" | "mismatch" | "stale";

type Money = { toFixed(digits: number): string };
type WalletFigures = { balance: Money; bankBalance: Money | null; reconciledAt: Date | null };

/**
 * What the stored bank figure says about a wallet's ledger. The bank's balance is a snapshot taken when
 * someone last reconciled; every deposit booked and every transfer sent since moves the ledger and not the
 * snapshot. So a difference is only a mismatch when the snapshot is newer than the wallet's last movement;
 * an older one is "stale" (reconcile again to compare), never a red alarm after ordinary withdrawals.
 */
export function reconciliationState(wallet: WalletFigures, lastMovementAt: Date | null): ReconciliationState {
  if (wallet.bankBalance === null || wallet.reconciledAt === null) return "unchecked";
  if (wallet.bankBalance.toFixed(2) === wallet.balance.toFixed(2)) return "matches";
  return lastMovementAt && lastMovementAt > wallet.reconciledAt ? "stale" : "mismatch";
}

/**
 * When each wallet's ledger last moved: the latest statement line booked on it, or the latest change of a
 * transfer sent from it (reserved, settled or returned).
 */
export async function lastWalletMovements(walletIds: number[]): Promise<Map<number, Date>> {
  if (walletIds.length === 0) return new Map();
  const [lines, transfers] = await Promise.all([
    prisma.eibanTransaction.groupBy({
      by: ["walletId"],
      where: { walletId: { in: walletIds } },
      _max: { createdAt: true },
    }),
    prisma.transfer.groupBy({ by: ["walletId"], where: { walletId: { in: walletIds } }, _max: { updatedAt: true } }),
  ]);
  const latest = new Map<number, Date>();
  const note = (walletId: number, at: Date | null) => {
    const known = latest.get(walletId);
    if (at && (!known || at > known)) latest.set(walletId, at);
  };
  for (const line of lines) note(line.walletId, line._max.createdAt);
  for (const transfer of transfers) note(transfer.walletId, transfer._max.updatedAt);
  return latest;
}
