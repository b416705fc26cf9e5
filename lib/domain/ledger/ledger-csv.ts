import { csvLine, UTF8_BOM } from "@/lib/base/csv/csv-line";
import { formatDateTime } from "@/lib/base/time/format";
import type { PairBalance } from "./counterparty-balances";
import type { DailyStatement } from "./statement";

// Money leaves as exact decimal text (negative: the provider owes the dealer), never through a float; times
// are Istanbul's "YYYY-MM-DD HH:MM:SS", as in the transactions export.

const BALANCE_HEADER = ["as_of", "provider_id", "provider", "dealer_id", "dealer", "owed_to_provider", "service_fees_held", "dealer_commission"];

/** The Balances page's rows as CSV: one line per provider-dealer pair, as of the page's moment. */
export function balancesCsv(rows: PairBalance[], asOf: Date): string {
  const at = formatDateTime(asOf);
  return UTF8_BOM + csvLine(BALANCE_HEADER) + rows.map((r) => csvLine([at, r.providerId, r.providerName, r.dealerId, r.dealerName, r.owedToProvider, r.serviceFees, r.commission])).join("");
}

const STATEMENT_HEADER = [
  "day", "provider_id", "provider", "dealer_id", "dealer", "opening",
  "deposits", "deposits_count", "withdrawals", "withdrawals_count", "card_payments", "card_payments_count", "refunds", "refunds_count",
  "service_fees", "dealer_fees", "settlements", "settlements_count", "adjustments", "adjustments_count", "closing",
  "owed_by", "owed", "service_fees_paid", "service_fees_held", "dealer_commission",
];

/** A pair's daily statements as CSV, one line per Istanbul day, in the order given. */
export function statementsCsv(statements: DailyStatement[], names: { provider: string; dealer: string }): string {
  const line = (s: DailyStatement) =>
    csvLine([
      s.day, s.providerId, names.provider, s.dealerId, names.dealer, s.opening,
      s.deposits.amount, s.deposits.count, s.withdrawals.amount, s.withdrawals.count, s.cardPayments.amount, s.cardPayments.count, s.refunds.amount, s.refunds.count,
      s.serviceFees, s.dealerFees, s.settlements.amount, s.settlements.count, s.adjustments.amount, s.adjustments.count, s.closing,
      s.owed.by, s.owed.amount, s.serviceSettlements.amount, s.serviceFeesHeld, s.dealerCommission,
    ]);
  return UTF8_BOM + csvLine(STATEMENT_HEADER) + statements.map(line).join("");
}
