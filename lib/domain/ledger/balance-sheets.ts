import { prisma } from "@/lib/base/db/prisma";
import {
  dealerBalances,
  providerBalances,
  type DealerCounterparty,
  type ProviderCounterparty,
} from "./counterparty-balances";
import { sumAmounts } from "./fee";

/**
 * The balance endpoints' reads: a party's balances by counterparty with their totals, as of one instant that
 * is fixed before reading (the moment of the call when none is given) and answered with the figures, so a
 * caller can ask again for exactly the same moment.
 */

export type ProviderBalanceSheet = { asOf: Date; dealers: ProviderCounterparty[]; total: string };

export type DealerBalanceSheet = {
  asOf: Date;
  providers: DealerCounterparty[];
  totals: { owedToProviders: string; serviceFees: string; commission: string };
  own: string;
  cash: string;
};

export async function providerBalanceSheet(providerId: number, asOf = new Date()): Promise<ProviderBalanceSheet> {
  const dealers = await providerBalances(prisma, providerId, asOf);
  return { asOf, dealers, total: sumAmounts(dealers.map((d) => d.balance)) };
}

export async function dealerBalanceSheet(dealerId: number, asOf = new Date()): Promise<DealerBalanceSheet> {
  const { cash, own, providers } = await dealerBalances(prisma, dealerId, asOf);
  const total = (pick: (p: DealerCounterparty) => string) => sumAmounts(providers.map(pick));
  return {
    asOf,
    providers,
    totals: {
      owedToProviders: total((p) => p.owedToProvider),
      serviceFees: total((p) => p.serviceFees),
      commission: total((p) => p.commission),
    },
    own,
    cash,
  };
}
