/**
 * The ledger's reads at scale (issue #30: a statement and a balance read under 300 ms at a million
 * transactions): the daily statement of the busiest provider-dealer pair on its busiest day, balancesAsOf for
 * the provider and for the dealer, and the two balance endpoints over HTTP, each one request at a time.
 */
import { ProviderClient, DealerClient } from "../../lib/api/sdk";
import { createPrismaClient } from "../../lib/base/db/prisma";
import { balancesAsOf } from "../../lib/domain/ledger/balances";
import { dailyStatement } from "../../lib/domain/ledger/statement";
import type { BenchTenant } from "./setup";
import { summary, time, type Timing } from "./timings";

export type LedgerFigures = {
  /** The pair and day the statement was read for, with that day's entry sets. */
  statementOf: { providerId: number; dealerId: number; day: string; sets: number };
  statement: Timing;
  providerBalance: Timing;
  dealerBalance: Timing;
  providerBalanceApi: Timing;
  dealerBalanceApi: Timing;
  /** For comparison, not a target: the pair's balance summed from every entry, as it was read before snapshots. */
  pairSumOfEveryEntry: Timing;
};

/** The names the report prints for each timed read. */
export const LEDGER_READS = {
  statement: "daily statement, busiest pair and day",
  providerBalance: "balancesAsOf, provider",
  dealerBalance: "balancesAsOf, dealer",
  providerBalanceApi: "POST /api/provider/balance",
  dealerBalanceApi: "GET /api/dealer/balance",
} as const satisfies Record<Exclude<keyof LedgerFigures, "statementOf" | "pairSumOfEveryEntry">, string>;

const zone = process.env.APP_TIME_ZONE || "Europe/Istanbul";

export async function timeLedgerReads(
  url: string,
  baseUrl: string,
  tenant: BenchTenant,
  runs: number,
): Promise<LedgerFigures> {
  const db = createPrismaClient(url);
  try {
    // The pair with the most sets, and its busiest day (today when the book is empty).
    const [busiest] = await db.$queryRaw<{ provider_id: number; dealer_id: number; day: string; sets: number }[]>`
      SELECT provider_id, dealer_id, (posted_at AT TIME ZONE ${zone})::date::text AS day, count(*)::int AS sets
      FROM ledger_entry_sets WHERE provider_id IS NOT NULL
      GROUP BY 1, 2, 3 ORDER BY count(*) DESC, 3 DESC LIMIT 1`;
    const today = new Date().toLocaleDateString("sv-SE", { timeZone: zone });
    const of = busiest
      ? { providerId: busiest.provider_id, dealerId: busiest.dealer_id, day: busiest.day, sets: busiest.sets }
      : { providerId: tenant.ids.providerId, dealerId: tenant.ids.dealerId, day: today, sets: 0 };
    const provider = new ProviderClient({ baseUrl, ...tenant.load.provider });
    const dealer = new DealerClient({
      baseUrl,
      apiKey: tenant.load.dealer.apiKey,
      secretKey: tenant.load.dealer.secretKey,
    });
    const ok = async (call: Promise<{ ok: boolean; status: number }>) => {
      const result = await call;
      if (!result.ok) throw new Error(`balance endpoint: HTTP ${result.status}`);
    };
    return {
      statementOf: of,
      statement: summary(await time(runs, () => dailyStatement(db, of))),
      providerBalance: summary(await time(runs, () => balancesAsOf(db, { providerId: tenant.ids.providerId }))),
      dealerBalance: summary(await time(runs, () => balancesAsOf(db, { dealerId: tenant.ids.dealerId }))),
      providerBalanceApi: summary(await time(runs, () => ok(provider.getBalance()))),
      dealerBalanceApi: summary(await time(runs, () => ok(dealer.getBalance()))),
      pairSumOfEveryEntry: summary(
        await time(
          runs,
          () =>
            db.$queryRaw`
            SELECT sum(e.amount) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
            WHERE a.key = ${`PROVIDER_PAYABLE:p${of.providerId}:d${of.dealerId}`} AND e.posted_at <= now()`,
        ),
      ),
    };
  } finally {
    await db.$disconnect();
  }
}
