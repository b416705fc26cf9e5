import type { Db } from "@/lib/base/db/prisma";
import { balancesAsOf } from "./balances";

/** What a provider's dealers hold for it, one row per dealer (positive: the dealer owes the provider). */
export type ProviderCounterparty = { dealerId: number; dealerName: string; balance: string };

/** What a dealer holds per provider: owed to the provider, the service's fees on that money, its own share. */
export type DealerCounterparty = {
  providerId: number;
  providerName: string;
  owedToProvider: string;
  serviceFees: string;
  commission: string;
};

/**
 * A provider's balances by counterparty as of a moment (default: now): the read behind the provider's
 * balance endpoint and its console view. Dealers it never had money with are left out.
 */
export async function providerBalances(db: Db, providerId: number, asOf?: Date): Promise<ProviderCounterparty[]> {
  const rows = await balancesAsOf(db, { providerId, kinds: ["PROVIDER_PAYABLE"], asOf });
  const dealers = await db.dealer.findMany({
    where: { id: { in: rows.map((r) => r.dealerId) } },
    select: { id: true, name: true },
  });
  const name = new Map(dealers.map((d) => [d.id, d.name]));
  return rows.map((r) => ({ dealerId: r.dealerId, dealerName: name.get(r.dealerId) ?? "", balance: r.balance }));
}

/**
 * A dealer's balances by counterparty as of a moment (default: now), and its own accounts: the cash of the
 * service's flows it holds and its own API money. Cash = Σ owed + Σ service fees + Σ commission + own.
 */
export async function dealerBalances(
  db: Db,
  dealerId: number,
  asOf?: Date,
): Promise<{ cash: string; own: string; providers: DealerCounterparty[] }> {
  const rows = await balancesAsOf(db, { dealerId, asOf });
  const providerIds = [...new Set(rows.flatMap((r) => (r.providerId === null ? [] : [r.providerId])))];
  const providers = await db.provider.findMany({
    where: { id: { in: providerIds } },
    select: { id: true, name: true },
  });
  const of = (kind: string, providerId: number | null) =>
    rows.find((r) => r.kind === kind && r.providerId === providerId)?.balance ?? "0.00";
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

/** One provider-dealer pair as the Balances page and its export read it. */
export type PairBalance = {
  providerId: number;
  providerName: string;
  dealerId: number;
  dealerName: string;
  owedToProvider: string;
  serviceFees: string;
  commission: string;
};

/**
 * The balances of every pair (of a provider, of a dealer, or one pair) as of a moment (default: now): what the
 * dealer owes the provider, the service's fees it holds and its own commission, ordered by provider and
 * dealer name. Pairs that never had money together are left out.
 */
export async function pairBalances(
  db: Db,
  filter: { providerId?: number; dealerId?: number; asOf?: Date } = {},
): Promise<PairBalance[]> {
  const rows = (await balancesAsOf(db, filter)).filter((r) => r.providerId !== null);
  const pairs = new Map<string, PairBalance>();
  const [providers, dealers] = await Promise.all([
    db.provider.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.providerId!))] } },
      select: { id: true, name: true },
    }),
    db.dealer.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.dealerId))] } },
      select: { id: true, name: true },
    }),
  ]);
  const providerName = new Map(providers.map((p) => [p.id, p.name]));
  const dealerName = new Map(dealers.map((d) => [d.id, d.name]));
  for (const r of rows) {
    const key = `${r.providerId}:${r.dealerId}`;
    const pair = pairs.get(key) ?? {
      providerId: r.providerId!,
      providerName: providerName.get(r.providerId!) ?? "",
      dealerId: r.dealerId,
      dealerName: dealerName.get(r.dealerId) ?? "",
      owedToProvider: "0.00",
      serviceFees: "0.00",
      commission: "0.00",
    };
    if (r.kind === "PROVIDER_PAYABLE") pair.owedToProvider = r.balance;
    if (r.kind === "SERVICE_FEES") pair.serviceFees = r.balance;
    if (r.kind === "DEALER_COMMISSION") pair.commission = r.balance;
    pairs.set(key, pair);
  }
  const byName = (a: PairBalance, b: PairBalance) =>
    a.providerName.localeCompare(b.providerName, "tr") ||
    a.providerId - b.providerId ||
    a.dealerName.localeCompare(b.dealerName, "tr") ||
    a.dealerId - b.dealerId;
  return [...pairs.values()].sort(byName);
}
