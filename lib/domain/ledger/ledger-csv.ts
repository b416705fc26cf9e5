import { UTF8_BOM } from "@/lib/base/csv/csv-line";
import { type CsvDialect, MACHINE_CSV } from "@/lib/base/csv/csv-dialect";
import type { PairBalance } from "./counterparty-balances";
import type { DailyStatement } from "./statement";

// Money leaves as exact decimal text (negative: the provider owes the dealer), never through a float; times
// are Istanbul's "YYYY-MM-DD HH:MM:SS", as in the transactions export (the spreadsheet dialect rewrites both).

const BALANCE_COLUMNS = [
  "as_of",
  "provider_id",
  "provider",
  "dealer_id",
  "dealer",
  "owed_to_provider",
  "service_fees_held",
  "dealer_commission",
] as const;

const STATEMENT_COLUMNS = [
  "day",
  "provider_id",
  "provider",
  "dealer_id",
  "dealer",
  "opening",
  "deposits",
  "deposits_count",
  "withdrawals",
  "withdrawals_count",
  "card_payments",
  "card_payments_count",
  "refunds",
  "refunds_count",
  "service_fees",
  "dealer_fees",
  "settlements",
  "settlements_count",
  "adjustments",
  "adjustments_count",
  "closing",
  "owed_by",
  "owed",
  "service_fees_paid",
  "service_fees_held",
  "dealer_commission",
] as const;

export type BalanceColumn = (typeof BALANCE_COLUMNS)[number];
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];

/** The words the ledger exports write: raw keys for the machine CSV, the console's language for spreadsheets. */
export interface LedgerCsvWords {
  balanceHeader: Record<BalanceColumn, string>;
  statementHeader: Record<StatementColumn, string>;
  owedBy(by: DailyStatement["owed"]["by"]): string;
}

const raw = <C extends string>(columns: readonly C[]) =>
  Object.fromEntries(columns.map((c): [C, string] => [c, c])) as Record<C, string>;

export interface LedgerCsvFormat {
  dialect: CsvDialect;
  words: LedgerCsvWords;
}

export const MACHINE_LEDGER_CSV: LedgerCsvFormat = {
  dialect: MACHINE_CSV,
  words: { balanceHeader: raw(BALANCE_COLUMNS), statementHeader: raw(STATEMENT_COLUMNS), owedBy: (by) => by },
};

/** The Balances page's rows as CSV: one line per provider-dealer pair, as of the page's moment. */
export function balancesCsv(rows: PairBalance[], asOf: Date, { dialect: d, words: w } = MACHINE_LEDGER_CSV): string {
  const at = d.time(asOf);
  const line = (r: PairBalance) =>
    d.line([
      at,
      r.providerId,
      r.providerName,
      r.dealerId,
      r.dealerName,
      d.decimal(r.owedToProvider),
      d.decimal(r.serviceFees),
      d.decimal(r.commission),
    ]);
  return UTF8_BOM + d.line(BALANCE_COLUMNS.map((c) => w.balanceHeader[c])) + rows.map(line).join("");
}

/** A pair's daily statements as CSV, one line per Istanbul day, in the order given. */
export function statementsCsv(
  statements: DailyStatement[],
  names: { provider: string; dealer: string },
  { dialect: d, words: w } = MACHINE_LEDGER_CSV,
): string {
  const m = d.decimal;
  const line = (s: DailyStatement) =>
    d.line([
      d.day(s.day),
      s.providerId,
      names.provider,
      s.dealerId,
      names.dealer,
      m(s.opening),
      m(s.deposits.amount),
      s.deposits.count,
      m(s.withdrawals.amount),
      s.withdrawals.count,
      m(s.cardPayments.amount),
      s.cardPayments.count,
      m(s.refunds.amount),
      s.refunds.count,
      m(s.serviceFees),
      m(s.dealerFees),
      m(s.settlements.amount),
      s.settlements.count,
      m(s.adjustments.amount),
      s.adjustments.count,
      m(s.closing),
      w.owedBy(s.owed.by),
      m(s.owed.amount),
      m(s.serviceSettlements.amount),
      m(s.serviceFeesHeld),
      m(s.dealerCommission),
    ]);
  return UTF8_BOM + d.line(STATEMENT_COLUMNS.map((c) => w.statementHeader[c])) + statements.map(line).join("");
}
