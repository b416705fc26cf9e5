import { paymentMethodOf } from "@/lib/domain/payment-methods";
import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import Link from "next/link";
import { Pager } from "@/components/console/pager";
import { DataTable } from "@/components/console/data-table";
import { TransactionFiltersForm } from "@/components/console/transaction-filters";
import { TransactionStatusBadge } from "@/components/console/transaction-status-badge";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { describeFilterProblems } from "@/lib/edge/console/describe-filter-problems";
import { consoleTime } from "@/lib/edge/console/format";
import { filtersQuery } from "@/lib/edge/console/query-string";
import { dealerChoices, providerChoices, siteChoices } from "@/lib/domain/explorer/choices";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { formatMoney } from "@/lib/base/money/format-money";
import { parseTransactionFilters } from "@/lib/domain/schemas/transaction-filters";
import { listTransactions } from "@/lib/domain/explorer/list-transactions";
import { ExportLinks } from "@/components/console/export-links";
import { SavedViews } from "@/components/console/saved-views";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).transactions.heading };
}

export default async function TransactionsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [user, t] = await Promise.all([requireConsoleUser(sectionRoles("transactions")), consoleMessages()]);
  const { filters, problems } = parseTransactionFilters(await searchParams);
  const c = t.common;
  const columns = [c.created, c.trackingCode, c.method, c.type, c.status, c.customer, c.site, c.amount];
  const isAdmin = user.role === "ADMIN";
  const [{ rows, total, capped, pages }, sites, providers, dealers] = await Promise.all([
    listTransactions(user, filters),
    siteChoices(user),
    isAdmin ? providerChoices(user) : [],
    isAdmin ? dealerChoices(user) : [],
  ]);
  const options = (list: { id: number; name: string }[]) => list.map((p) => ({ value: String(p.id), label: p.name }));
  const { page, ...applied } = filters;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t.transactions.heading}</h1>
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
          <p className="text-slate-600" data-testid="transactions-total">
            {capped ? c.matchingAtLeast(total) : c.matching(total)}
          </p>
          <ExportLinks path="/console/transactions/export" query={applied} csvLabel={t.transactions.exportCsv} t={t} />
        </div>
      </div>
      <TransactionFiltersForm
        filters={filters}
        sites={options(sites)}
        providers={options(providers)}
        dealers={options(dealers)}
        t={t}
      />
      <SavedViews path="/console/transactions" query={filtersQuery(applied)} words={t.transactions.filters.views} />
      {problems.length > 0 && (
        <div role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {describeFilterProblems(problems, t).map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}
      {/* On a phone each row is a card: code and amount on top, customer and status pill below, the rest small.
          On a desktop only the code, time, status and amount keep to one line: names, sites and methods wrap,
          so the Amount column stays in view at 1280 px without scrolling the table. */}
      <DataTable
        phone="cards"
        columns={columns}
        empty={rows.length > 0 ? null : total === 0 ? t.transactions.noMatch : t.transactions.pastLastPage}
      >
        {rows.map((tx) => (
          <tr
            key={tx.id}
            className={
              "border-t border-slate-100 align-top max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] " +
              "max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-3 max-sm:py-3"
            }
            data-testid="transaction-row"
          >
            <td
              className={
                "px-3 py-2 whitespace-nowrap tabular-nums max-sm:col-start-1 max-sm:row-start-3 " +
                "max-sm:p-0 max-sm:text-xs max-sm:text-slate-600"
              }
            >
              {consoleTime(tx.createdAt, t.lang)}
            </td>
            <td
              className={
                "px-3 py-2 font-mono text-xs whitespace-nowrap max-sm:col-start-1 max-sm:row-start-1 " +
                "max-sm:min-w-0 max-sm:p-0 max-sm:wrap-anywhere max-sm:whitespace-normal"
              }
            >
              <Link
                href={`/console/transactions/${tx.id}`}
                className="text-brand-700 underline-offset-2 hover:underline"
              >
                {tx.trackingCode}
              </Link>
            </td>
            <td
              className={
                "px-3 py-2 max-sm:col-start-2 max-sm:row-start-3 max-sm:p-0 max-sm:text-right " +
                "max-sm:text-xs max-sm:text-slate-600"
              }
            >
              {t.labels.method[paymentMethodOf(tx.method)]}
            </td>
            <td
              className={
                "px-3 py-2 max-sm:col-start-2 max-sm:row-start-4 max-sm:p-0 max-sm:text-right " +
                "max-sm:text-xs max-sm:text-slate-600"
              }
            >
              {t.labels.direction[tx.direction]}
            </td>
            <td
              className="px-3 py-2 max-sm:col-start-2 max-sm:row-start-2 max-sm:p-0 max-sm:text-right"
              data-testid="transaction-status"
            >
              <TransactionStatusBadge status={tx.status} direction={tx.direction} canceledBy={tx.canceledBy} />
            </td>
            <td className="px-3 py-2 max-sm:col-start-1 max-sm:row-start-2 max-sm:min-w-0 max-sm:p-0">
              <span className="wrap-break-word">{tx.fullname || tx.username}</span>
              <br />
              <span className="text-xs wrap-anywhere text-slate-600">
                {tx.username} · {tx.userId}
              </span>
            </td>
            <td
              className={
                "px-3 py-2 wrap-break-word max-sm:col-start-1 max-sm:row-start-4 max-sm:min-w-0 " +
                "max-sm:p-0 max-sm:text-xs max-sm:text-slate-600"
              }
            >
              {tx.site?.name ?? t.transactions.dealerApiSite(tx.dealer.name)}
            </td>
            <td
              className={
                "px-3 py-2 text-right whitespace-nowrap tabular-nums max-sm:col-start-2 max-sm:row-start-1 " +
                "max-sm:p-0 max-sm:font-semibold"
              }
              data-testid="transaction-amount"
            >
              {formatMoney(tx.amount, t.lang)}
              {tx.finalAmount && !tx.finalAmount.equals(tx.amount) && (
                <span className="block text-xs font-normal text-slate-600">
                  {t.transactions.received(formatMoney(tx.finalAmount, t.lang))}
                </span>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager
        page={page}
        pages={pages}
        capped={capped && rows.length > 0}
        href={(p) => `/console/transactions${filtersQuery(applied, { page: p })}`}
      />
    </div>
  );
}
