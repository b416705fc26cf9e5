import { prisma } from "@/lib/base/db/prisma";
import type { Direction } from "@/lib/generated/prisma/enums";
import type { PaymentMethod } from "@/lib/domain/payment-methods";

/** The worked example's fee schedule (docs/ledger.md), for a provider, in force from `from`. */
export const EXAMPLE_FEES: {
  method: PaymentMethod;
  direction: Direction;
  servicePercent: string;
  serviceFixed: string;
  dealerPercent: string;
  dealerFixed: string;
}[] = [
  {
    method: "MANUAL_BANK",
    direction: "DEPOSIT",
    servicePercent: "1.5",
    serviceFixed: "1.00",
    dealerPercent: "0.5",
    dealerFixed: "0",
  },
  {
    method: "MANUAL_BANK",
    direction: "WITHDRAWAL",
    servicePercent: "0.75",
    serviceFixed: "2.00",
    dealerPercent: "0.25",
    dealerFixed: "0",
  },
  {
    method: "CREDIT_CARD",
    direction: "PAYMENT",
    servicePercent: "2.9",
    serviceFixed: "0.25",
    dealerPercent: "0.6",
    dealerFixed: "0",
  },
];

export async function addFeeSchedules(providerId: number, from: Date, fees = EXAMPLE_FEES) {
  await prisma.feeSchedule.createMany({
    data: fees.map((f) => ({ ...f, providerId, effectiveFrom: from, createdBy: "test" })),
  });
}

/** The entry sets of a dealer that do not sum to zero or have fewer than two entries (the COMMIT check's rule). */
export async function unbalancedSets(dealerId: number): Promise<{ id: bigint; total: string; n: number }[]> {
  return prisma.$queryRaw`
    SELECT s.id, COALESCE(sum(e.amount), 0)::text AS total, count(e.id)::int AS n
    FROM ledger_entry_sets s LEFT JOIN ledger_entries e ON e.set_id = s.id
    WHERE s.dealer_id = ${dealerId}
    GROUP BY s.id HAVING COALESCE(sum(e.amount), 0) <> 0 OR count(e.id) < 2`;
}

/** Each account's stored sum (debits positive) over the entries of the given sets. */
export async function sumsBySet(setIds: bigint[]): Promise<Record<string, string>> {
  if (setIds.length === 0) return {};
  const rows = await prisma.$queryRaw<{ key: string; sum: string }[]>`
    SELECT a.key, sum(e.amount)::text AS sum FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE e.set_id = ANY(${setIds}::bigint[]) GROUP BY a.key ORDER BY a.key`;
  return Object.fromEntries(rows.map((r) => [r.key, r.sum]));
}
