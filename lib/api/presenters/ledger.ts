import type { DealerBalanceSheet, ProviderBalanceSheet } from "@/lib/domain/ledger/balance-sheets";
import type { DealerBalanceResponse, ProviderBalanceResponse } from "@/lib/api/schemas/responses/ledger";

/** The bodies of the balance endpoints (contracts/ledger.ts). */

export function presentProviderBalance(sheet: ProviderBalanceSheet): ProviderBalanceResponse {
  return {
    success: true,
    data: {
      as_of: sheet.asOf.toISOString(),
      currency: "TRY",
      dealers: sheet.dealers.map((d) => ({ dealer: { id: d.dealerId, name: d.dealerName }, balance: d.balance })),
      total: sheet.total,
    },
  };
}

export function presentDealerBalance(sheet: DealerBalanceSheet): DealerBalanceResponse {
  return {
    success: true,
    data: {
      as_of: sheet.asOf.toISOString(),
      currency: "TRY",
      providers: sheet.providers.map((p) => ({
        provider: { id: p.providerId, name: p.providerName },
        owed_to_provider: p.owedToProvider,
        service_fees: p.serviceFees,
        commission: p.commission,
      })),
      totals: {
        owed_to_providers: sheet.totals.owedToProviders,
        service_fees: sheet.totals.serviceFees,
        commission: sheet.totals.commission,
      },
      own: sheet.own,
      cash: sheet.cash,
    },
  };
}
