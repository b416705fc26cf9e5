import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { clientIp } from "@/lib/base/net/client-ip";
import { formatDateTime } from "@/lib/base/time/format";
import { scopedPairFilter } from "@/lib/domain/access/ledger-scope";
import { recordAuditEntry } from "@/lib/domain/audit/record-audit";
import { balancesCsv, statementsCsv } from "@/lib/domain/ledger/ledger-csv";
import { findPairNames, listPairBalances, listPairStatements } from "@/lib/domain/ledger/pair-statements";
import { parseBalanceQuery, parseStatementQuery } from "@/lib/domain/schemas/ledger-filters";
import type { ConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { ledgerCsvFormat, spreadsheetSuffix } from "./spreadsheet-formats";

function queryParams(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}

function csvResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}

// Exports take data out of the service: who took what is worth keeping, as with the transactions export.
async function audited(
  req: Request,
  user: ConsoleUser,
  entityType: string,
  after: Record<string, unknown>,
): Promise<void> {
  await recordAuditEntry(
    { userId: user.id, label: user.email, ip: clientIp(req.headers) ?? undefined },
    { action: `${entityType}.export`, entityType, after },
  );
}

/** The Balances page's view as CSV: the same query, the viewer's pairs only (another tenant's: the header alone). */
export async function exportBalances(req: Request, user: ConsoleUser): Promise<Response> {
  const url = new URL(req.url);
  const { query } = parseBalanceQuery(queryParams(url));
  const filter = scopedPairFilter(user, { providerId: query.providerId, dealerId: query.dealerId });
  const asOf = query.asOf ?? new Date();
  const rows = filter ? await listPairBalances({ ...filter, asOf }) : [];
  await audited(req, user, "balances", { ...filter, asOf: asOf.toISOString() });
  const format = ledgerCsvFormat(url, await consoleMessages());
  return csvResponse(
    balancesCsv(rows, asOf, format),
    `balances-${formatDateTime(asOf).slice(0, 16).replace(/[ :]/g, "-")}${spreadsheetSuffix(url)}.csv`,
  );
}

/**
 * A pair's statements of the page's range of days as CSV. A pair outside the viewer's tenant, or no pair, is
 * the same 404 as a page that does not exist.
 */
export async function exportStatements(req: Request, user: ConsoleUser): Promise<Response> {
  const url = new URL(req.url);
  const { query } = parseStatementQuery(queryParams(url));
  const filter = scopedPairFilter(user, { providerId: query.providerId, dealerId: query.dealerId });
  if (!filter?.providerId || !filter.dealerId)
    throw DomainError.notFound(refusal("doesNotExist", { entity: "provider", id: query.providerId ?? "" }));
  const { provider, dealer } = await findPairNames({ providerId: filter.providerId, dealerId: filter.dealerId });
  if (!provider || !dealer)
    throw DomainError.notFound(
      refusal("doesNotExist", {
        entity: provider ? "dealer" : "provider",
        id: provider ? filter.dealerId : filter.providerId,
      }),
    );
  const statements = await listPairStatements({
    providerId: filter.providerId,
    dealerId: filter.dealerId,
    from: query.from,
    to: query.to,
  });
  await audited(req, user, "statements", {
    providerId: filter.providerId,
    dealerId: filter.dealerId,
    from: query.from,
    to: query.to,
  });
  const format = ledgerCsvFormat(url, await consoleMessages());
  return csvResponse(
    statementsCsv(statements, { provider: provider.name, dealer: dealer.name }, format),
    `statement-p${filter.providerId}-d${filter.dealerId}-${query.from}-${query.to}${spreadsheetSuffix(url)}.csv`,
  );
}
