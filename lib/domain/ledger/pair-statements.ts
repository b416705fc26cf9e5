import { prisma } from "@/lib/base/db/prisma";
import type { SettlementDirection } from "@/lib/generated/prisma/enums";
import { balancesAsOf } from "./balances";
import { pairBalances, type PairBalance } from "./counterparty-balances";
import { findSettlement, listSettlements } from "./settlements";
import { dailyStatement, dailyStatements } from "./statement";

/**
 * The console's reads of provider-dealer pairs (the Balances and Statements pages and their CSV exports), on
 * the app's client: the pages and routes hold none. Which pairs a viewer may read is settled before they ask
 * (scopedPairFilter, the page's choices).
 */

type Pair = { providerId: number; dealerId: number };

/** The balances of the filter's pairs as of a moment (default: now). */
export function listPairBalances(
  filter: { providerId?: number; dealerId?: number; asOf?: Date } = {},
): Promise<PairBalance[]> {
  return pairBalances(prisma, filter);
}

/**
 * A pair's provider and dealer as dropdown choices (id and name), each null where it does not exist: for admins, who
 * may read any pair.
 */
export async function findPairChoices(pair: Pair) {
  const provider = await prisma.provider.findUnique({
    where: { id: pair.providerId },
    select: { id: true, name: true },
  });
  const dealer = await prisma.dealer.findUnique({ where: { id: pair.dealerId }, select: { id: true, name: true } });
  return { provider, dealer };
}

/** The names of a pair's provider and dealer, each null where it does not exist (the statements' CSV names both). */
export async function findPairNames(pair: Pair) {
  const [provider, dealer] = await Promise.all([
    prisma.provider.findUnique({ where: { id: pair.providerId }, select: { name: true } }),
    prisma.dealer.findUnique({ where: { id: pair.dealerId }, select: { name: true } }),
  ]);
  return { provider, dealer };
}

/** A pair's statements of a range of days, one per day. */
export function listPairStatements(range: Pair & { from: string; to: string }) {
  return dailyStatements(prisma, range);
}

/**
 * What the Statements page shows of one pair: the statements of the range of days, the chosen day's (read on
 * its own when it lies outside the range) and the pair's latest 50 settlement payments.
 */
export async function readPairStatements(
  { providerId, dealerId }: Pair,
  days: { from: string; to: string; day: string },
) {
  const pair = { providerId, dealerId };
  const [statements, settlements] = await Promise.all([
    dailyStatements(prisma, { ...pair, from: days.from, to: days.to }),
    listSettlements(prisma, { ...pair, take: 50 }),
  ]);
  const statement =
    statements.find((s) => s.day === days.day) ?? (await dailyStatement(prisma, { ...pair, day: days.day }));
  return { days: statements, settlements, statement };
}

/**
 * A settlement draft under review: the pair's balances now, and the payment already recorded under the draft's
 * reference (null if none).
 */
export async function readSettlementDraft(
  { providerId, dealerId }: Pair,
  draft: { direction: SettlementDirection; reference: string },
) {
  const pair = { providerId, dealerId };
  const [balances, recorded] = await Promise.all([
    balancesAsOf(prisma, pair),
    findSettlement(prisma, { ...pair, direction: draft.direction, reference: draft.reference }),
  ]);
  return { balances, recorded };
}
