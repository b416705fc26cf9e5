import { sectionRoles } from "@/components/console/console-nav";
import { recordAuditEntry } from "@/lib/domain/audit/record-audit";
import { withConsoleUser } from "@/lib/edge/auth/with-console-user";
import { clientIp } from "@/lib/base/net/client-ip";
import { parseTransactionFilters } from "@/lib/domain/schemas/transaction-filters";
import { formatDateTime } from "@/lib/base/time/format";
import { transactionsCsv } from "@/lib/domain/explorer/transactions-csv";
import { spreadsheetSuffix, transactionsCsvFormat } from "@/lib/edge/console/spreadsheet-formats";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

function queryParams(url: URL): Record<string, string | string[]> {
  return Object.fromEntries([...new Set(url.searchParams.keys())].map((key) => [key, url.searchParams.getAll(key)]));
}

/**
 * CSV of the explorer's filtered set (the same query string as the list), within the user's tenancy;
 * `format=excel-tr` asks for the Turkish-Excel variant (the filters ignore the extra parameter).
 */
export const GET = withConsoleUser(sectionRoles("transactions"), async (req, user) => {
  const url = new URL(req.url);
  const { filters } = parseTransactionFilters(queryParams(url));
  // Exports take data out of the service: who took what is worth keeping.
  await recordAuditEntry(
    { userId: user.id, label: user.email, ip: clientIp(req.headers) ?? undefined },
    { action: "transactions.export", entityType: "transaction", after: { filters: { ...filters, page: undefined } } },
  );
  const day = formatDateTime(new Date()).slice(0, 10);
  return new Response(transactionsCsv(user, filters, transactionsCsvFormat(url, await consoleMessages())), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="transactions-${day}${spreadsheetSuffix(url)}.csv"`,
      "cache-control": "no-store",
    },
  });
});
