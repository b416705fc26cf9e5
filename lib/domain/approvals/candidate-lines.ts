import type { Prisma } from "@/lib/generated/prisma/client";

/** How many incoming lines one deposit's match dropdown offers. */
export const CANDIDATE_LINES = 20;

type Line = { walletId: number; amount: Prisma.Decimal; occurredAt: Date };

/**
 * The unmatched incoming lines a deposit may be matched to: its wallet's, closest in amount first (the
 * exact amount on top), newest first among equals, at most CANDIDATE_LINES. Offering every unmatched line
 * on every deposit repeated up to 200 options per row and made the page megabytes long.
 */
export function candidateLines<L extends Line>(
  lines: L[],
  deposit: { amount: Prisma.Decimal; eibanWallet: { id: number } | null },
  max = CANDIDATE_LINES,
): L[] {
  const walletId = deposit.eibanWallet?.id;
  if (!walletId) return [];
  return lines
    .filter((l) => l.walletId === walletId)
    .map((l) => ({ l, gap: l.amount.minus(deposit.amount).abs() }))
    .sort((a, b) => a.gap.comparedTo(b.gap) || b.l.occurredAt.getTime() - a.l.occurredAt.getTime())
    .slice(0, max)
    .map(({ l }) => l);
}
