import { type CsvDialect, MACHINE_CSV } from "@/lib/base/csv/csv-dialect";
import { UTF8_BOM } from "@/lib/base/csv/csv-line";
import { dayOf } from "./recon-day";
import type { ReconDiscrepancy } from "@/lib/generated/prisma/client";

// Money leaves as exact decimal text, never through a float; days are Istanbul days and times Istanbul's
// "YYYY-MM-DD HH:MM:SS", as in the other exports (the spreadsheet dialect rewrites all three).

const COLUMNS = [
  "id",
  "day",
  "account",
  "account_label",
  "partner",
  "kind",
  "record_kind",
  "order_id",
  "amount",
  "currency",
  "status",
  "transaction_id",
  "dealer_id",
  "provider_id",
  "found_at",
  "proposed_by",
  "resolved_by",
  "resolved_at",
  "reason",
] as const;

export type DiscrepancyColumn = (typeof COLUMNS)[number];

/** The words the export writes: raw values for the machine CSV (a contract for scripts), worded for spreadsheets. */
export interface DiscrepancyCsvWords {
  header: Record<DiscrepancyColumn, string>;
  kind(kind: string): string;
  recordKind(recordKind: string): string;
  status(status: string): string;
}

export interface DiscrepancyCsvFormat {
  dialect: CsvDialect;
  words: DiscrepancyCsvWords;
}

const same = (value: string) => value;

export const MACHINE_DISCREPANCY_CSV: DiscrepancyCsvFormat = {
  dialect: MACHINE_CSV,
  words: {
    header: Object.fromEntries(COLUMNS.map((c) => [c, c])) as Record<DiscrepancyColumn, string>,
    kind: same,
    recordKind: same,
    status: same,
  },
};

/** The discrepancies as CSV, one line each in the order given; `labels` names each partner account for staff. */
export function discrepanciesCsv(
  rows: ReconDiscrepancy[],
  labels: ReadonlyMap<string, string>,
  { dialect: d, words: w } = MACHINE_DISCREPANCY_CSV,
): string {
  const line = (r: ReconDiscrepancy) =>
    d.line([
      r.id,
      d.day(dayOf(r.day)),
      r.account,
      labels.get(r.account) ?? r.account,
      r.partner,
      w.kind(r.kind),
      w.recordKind(r.recordKind),
      r.orderId,
      d.decimal(r.amount.toFixed(2)),
      r.currency,
      w.status(r.status),
      r.transactionId,
      r.dealerId,
      r.providerId,
      d.time(r.createdAt),
      r.proposedBy,
      r.resolvedBy,
      d.time(r.resolvedAt),
      r.reason,
    ]);
  return UTF8_BOM + d.line(COLUMNS.map((c) => w.header[c])) + rows.map(line).join("");
}
