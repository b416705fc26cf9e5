import { EXCEL_TR_CSV } from "@/lib/base/csv/csv-dialect";
import { MACHINE_TRANSACTIONS_CSV, type TransactionCsvFormat } from "@/lib/domain/explorer/transactions-csv";
import { MACHINE_LEDGER_CSV, type LedgerCsvFormat } from "@/lib/domain/ledger/ledger-csv";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { errorCodeLabel } from "./transaction-labels";

/** The query value that asks an export for the spreadsheet variant: `?format=excel-tr`. */
export const SPREADSHEET_FORMAT = EXCEL_TR_CSV.name;

const wantsSpreadsheet = (url: URL) => url.searchParams.get("format") === SPREADSHEET_FORMAT;

/**
 * The transactions export a request asked for: the machine CSV (raw API values, a contract for scripts), or
 * the Turkish-Excel variant worded in the console's language, its status in the console's one vocabulary.
 */
export function transactionsCsvFormat(url: URL, t: ConsoleMessages): TransactionCsvFormat {
  if (!wantsSpreadsheet(url)) return MACHINE_TRANSACTIONS_CSV;
  return {
    dialect: EXCEL_TR_CSV,
    words: {
      header: t.spreadsheet.transactions,
      method: (method) => t.labels.method[method],
      direction: (direction) => t.labels.direction[direction],
      origin: (origin) => t.labels.origin[origin],
      status: (reading) => t.labels.status[reading],
      errorCode: (code) => errorCodeLabel(code, t.labels),
    },
  };
}

/** The ledger exports' format, as for transactions. */
export function ledgerCsvFormat(url: URL, t: ConsoleMessages): LedgerCsvFormat {
  if (!wantsSpreadsheet(url)) return MACHINE_LEDGER_CSV;
  return {
    dialect: EXCEL_TR_CSV,
    words: {
      balanceHeader: t.spreadsheet.balances,
      statementHeader: t.spreadsheet.statements,
      owedBy: (by) => t.spreadsheet.owedBy[by],
    },
  };
}

/** The file name's suffix, so both variants of one export can sit in one folder. */
export const spreadsheetSuffix = (url: URL) => (wantsSpreadsheet(url) ? "-excel-tr" : "");
