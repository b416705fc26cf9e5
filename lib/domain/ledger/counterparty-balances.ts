import type { Db } from "@/lib/base/db/prisma";
import { balancesAsOf } from "./balances";

/** What a provider's dealers hold for it, one row per dealer (positive: the dealer owes the provider). */
export type ProviderCounterparty = { dealerId: number; dealerName: string; balance: string };

/** What a dealer holds per provider: owed to the provider, the service's fees on that money, its own share. */
export type DealerCounterparty = { providerId: number; providerName: string; owedToProvider: string; serviceFees: string; commission: string };

/**
 * A provider's balances by counterparty as of a moment (default: now): the read behind the provider's
 * balance endpoint and its console view. Dealers it never had money with are left out.
 */
export async function providerBalances(db: Db, providerId: number, asOf?: Date): Promise<ProviderCounterparty[]> {
  const rows = await balancesAsOf(db, { providerId, kinds: ["PROVIDER_PAYABLE"], asOf });
  const dealers = await db.dealer.findMany({ where: { id: { in: rows.map((r) => r.dealerId) } }, select: { id: true, name: true } });
  const name = new Map(dealers.map((d) => [d.id, d.name]));
  return rows.map((r) => ({ dealerId: r.dealerId, dealerName: name.get(r.dealerId) ?? "", balance: r.balance }));
}

/**
 * A dealer's balances by counterparty as of a moment (default: now), and its own accounts: the cash of the
 * service's flows it holds and its own API money. Cash = Σ owed + Σ service fees + Σ commission + own.
 */
export async function dealerBalances(db: Db, dealerId: number, asOf?: Date): Promise<{ cash: string; own: string; providers: DealerCounterparty[] }> {
  const rows = await balancesAsOf(db, { dealerId, asOf });
  const providerIds = [...new Set(rows.flatMap((r) => (r.providerId === null ? [] : [r.providerId])))];
  const providers = await db.provider.findMany({ where: { id: { in: providerIds } }, select: { id: true, name: true } });
  const of = (kind: string, providerId: number | null) => rows.find((r) => r.kind === kind && r.providerId === providerId)?.balance ?? "0.00";
  return {
    cash: of("DEALER_CASH", null),
    own: of("DEALER_OWN", null),
    providers: providerIds.map((id) => ({
      providerId: id,
      providerName: providers.find((p) => p.id === id)?.name ?? "",
      owedToProvider: of("PROVIDER_PAYABLE", id),
      serviceFees: of("SERVICE_FEES", id),
      commission: of("DEALER_COMMISSION", id),
    })),
  };
}
