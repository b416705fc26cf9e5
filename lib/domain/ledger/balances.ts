import { Prisma } from "@/lib/generated/prisma/client";
import { prisma, type Db } from "@/lib/base/db/prisma";
import type { LedgerAccountKind } from "@/lib/generated/prisma/enums";
import { CREDIT_NORMAL } from "./accounts";
import { negate } from "./fee";
import { balanceAt } from "./snapshots";

/** One account's balance as a person reads it (docs/ledger.md "Accounts": shown as). */
export type AccountBalance = { kind: LedgerAccountKind; providerId: number | null; dealerId: number; balance: string };

/** A balance as stored (debits positive) turned the way a person reads its kind. */
export function shown(kind: LedgerAccountKind, sum: string): string {
  return CREDIT_NORMAL.has(kind) ? negate(sum) : sum;
}

/**
 * The balances of the accounts of a provider, a dealer, a pair or the whole book (no filter), of the given
 * kinds (default: all), as of a moment (default: now): the sum of each account's entries posted at or before
 * it, read as the last daily snapshot plus the entries since (snapshots.ts), decimal strings.
 */
export async function balancesAsOf(
  db: Db,
  filter: { providerId?: number; dealerId?: number; kinds?: LedgerAccountKind[]; asOf?: Date } = {},
): Promise<AccountBalance[]> {
  const where = [
    filter.providerId === undefined ? Prisma.empty : Prisma.sql`AND a.provider_id = ${filter.providerId}`,
    filter.dealerId === undefined ? Prisma.empty : Prisma.sql`AND a.dealer_id = ${filter.dealerId}`,
    filter.kinds === undefined ? Prisma.empty : Prisma.sql`AND a.kind::text IN (${Prisma.join(filter.kinds)})`,
  ];
  const rows = await db.$queryRaw<
    { kind: LedgerAccountKind; provider_id: number | null; dealer_id: number; sum: string }[]
  >`
    SELECT a.kind::text AS kind, a.provider_id, a.dealer_id,
      ${balanceAt(Prisma.sql`a.id`, filter.asOf ?? new Date(), true)}::numeric(18,2)::text AS sum
    FROM ledger_accounts a
    WHERE true ${where[0]} ${where[1]} ${where[2]}
    ORDER BY a.dealer_id, a.provider_id NULLS FIRST, a.kind`;
  return rows.map((r) => ({
    kind: r.kind,
    providerId: r.provider_id,
    dealerId: r.dealer_id,
    balance: shown(r.kind, r.sum),
  }));
}

/** What dealer `dealerId` owes provider `providerId` as of a moment (negative: the provider owes the dealer). */
export async function pairBalance(db: Db, providerId: number, dealerId: number, asOf?: Date): Promise<string> {
  const rows = await balancesAsOf(db, { providerId, dealerId, asOf });
  return rows.find((r) => r.kind === "PROVIDER_PAYABLE")?.balance ?? "0.00";
}

/** balancesAsOf on the app's client, for a caller that holds none (the admin CLI). */
export function readBalances(filter: {
  providerId?: number;
  dealerId?: number;
  asOf?: Date;
}): Promise<AccountBalance[]> {
  return balancesAsOf(prisma, filter);
}
