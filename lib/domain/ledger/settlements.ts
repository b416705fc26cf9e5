import { prisma, type Db } from "@/lib/base/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { SettlementDirection } from "@/lib/generated/prisma/enums";
import { settlementReference } from "@/lib/domain/schemas/ledger";

/**
 * A recorded settlement payment as pages, the CLI and exports read it: money as a decimal string, the day as
 * YYYY-MM-DD.
 */
export type SettlementRecord = {
  id: number;
  providerId: number;
  providerName: string;
  dealerId: number;
  dealerName: string;
  direction: SettlementDirection;
  amount: string;
  reference: string;
  note: string | null;
  paidOn: string;
  recordedBy: string;
  recordedAt: Date;
};

export const SETTLEMENT_SELECT = {
  id: true,
  providerId: true,
  dealerId: true,
  direction: true,
  amount: true,
  reference: true,
  note: true,
  paidOn: true,
  recordedBy: true,
  createdAt: true,
  provider: { select: { name: true } },
  dealer: { select: { name: true } },
} satisfies Prisma.SettlementSelect;

type Row = Prisma.SettlementGetPayload<{ select: typeof SETTLEMENT_SELECT }>;

export function settlementRecord(row: Row): SettlementRecord {
  return {
    id: row.id,
    providerId: row.providerId,
    providerName: row.provider.name,
    dealerId: row.dealerId,
    dealerName: row.dealer.name,
    direction: row.direction,
    amount: row.amount.toFixed(2),
    reference: row.reference,
    note: row.note,
    // A DATE comes back as midnight UTC of that day.
    paidOn: row.paidOn.toISOString().slice(0, 10),
    recordedBy: row.recordedBy,
    recordedAt: row.createdAt,
  };
}

/**
 * Recorded settlements, the latest first: of a pair, a provider's or a dealer's (the caller passes the
 * viewer's tenant as the filter: lib/domain/access/ledger-scope.ts), at most `take`.
 */
export async function listSettlements(
  db: Db,
  filter: { providerId?: number; dealerId?: number; take?: number } = {},
): Promise<SettlementRecord[]> {
  const rows = await db.settlement.findMany({
    where: { providerId: filter.providerId, dealerId: filter.dealerId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: filter.take ?? 100,
    select: SETTLEMENT_SELECT,
  });
  return rows.map(settlementRecord);
}

/**
 * The payment recorded under a bank reference for the pair and direction, if any (the reference as typed is
 * normalised).
 */
export async function findSettlement(
  db: Db,
  key: { providerId: number; dealerId: number; direction: SettlementDirection; reference: string },
): Promise<SettlementRecord | null> {
  const row = await db.settlement.findUnique({
    where: { providerId_dealerId_direction_reference: { ...key, reference: settlementReference(key.reference) } },
    select: SETTLEMENT_SELECT,
  });
  return row ? settlementRecord(row) : null;
}

/** listSettlements on the app's client, for a caller that holds none (the admin CLI). */
export function listRecordedSettlements(filter: {
  providerId?: number;
  dealerId?: number;
}): Promise<SettlementRecord[]> {
  return listSettlements(prisma, filter);
}
