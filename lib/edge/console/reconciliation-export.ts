import { EXCEL_TR_CSV } from "@/lib/base/csv/csv-dialect";
import { clientIp } from "@/lib/base/net/client-ip";
import { formatDateTime } from "@/lib/base/time/format";
import { scopedReconFilter } from "@/lib/domain/reconciliation/reconciliation-scope";
import { recordAuditEntry } from "@/lib/domain/audit/record-audit";
import { accountLabels } from "@/lib/domain/reconciliation/account-labels";
import {
  discrepanciesCsv,
  MACHINE_DISCREPANCY_CSV,
  type DiscrepancyCsvFormat,
} from "@/lib/domain/reconciliation/discrepancies-csv";
import { listDiscrepancies } from "@/lib/domain/reconciliation/list-reconciliation";
import { reconFiltersSchema, reconQuery } from "@/lib/domain/reconciliation/recon-filters";
import type { ConsoleUser } from "@/lib/edge/auth/console-user";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { SPREADSHEET_FORMAT, spreadsheetSuffix } from "./spreadsheet-formats";

/** More than a screen holds, fewer than a spreadsheet chokes on: a wider export is narrowed by its days. */
export const DISCREPANCY_EXPORT_LIMIT = 50_000;

/** The machine CSV (raw values, for scripts), or the Turkish-Excel variant worded in the console's language. */
function discrepancyCsvFormat(url: URL, t: ConsoleMessages): DiscrepancyCsvFormat {
  if (url.searchParams.get("format") !== SPREADSHEET_FORMAT) return MACHINE_DISCREPANCY_CSV;
  const w = t.reconciliation;
  return {
    dialect: EXCEL_TR_CSV,
    words: {
      header: w.csv,
      kind: (kind) => w.kinds[kind] ?? kind,
      recordKind: (record) => w.records[record] ?? record,
      status: (status) => w.statuses[status] ?? status,
    },
  };
}

/**
 * The Reconciliation page's discrepancies as CSV: the same query string as the page, within the viewer's
 * tenancy (dealer staff: their dealer's only, whatever the link names).
 */
export async function exportDiscrepancies(req: Request, user: ConsoleUser): Promise<Response> {
  const url = new URL(req.url);
  const filter = scopedReconFilter(user, reconQuery(reconFiltersSchema.parse(Object.fromEntries(url.searchParams))));
  const rows = await listDiscrepancies(filter, DISCREPANCY_EXPORT_LIMIT);
  const labels = await accountLabels(rows.map((r) => r.account));
  // Exports take data out of the service: who took what is worth keeping, as with the other exports.
  await recordAuditEntry(
    { userId: user.id, label: user.email, ip: clientIp(req.headers) ?? undefined },
    { action: "reconciliation.export", entityType: "reconciliation", after: { filter, rows: rows.length } },
  );
  const day = formatDateTime(new Date()).slice(0, 10);
  return new Response(discrepanciesCsv(rows, labels, discrepancyCsvFormat(url, await consoleMessages())), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="reconciliation-${day}${spreadsheetSuffix(url)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
