import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import Link from "next/link";
import { CardPaymentFilters } from "@/components/console/card-payment-filters";
import { CopyCode } from "@/components/console/copy-code";
import { SavedViews } from "@/components/console/saved-views";
import { DataTable } from "@/components/console/data-table";
import { Pager } from "@/components/console/pager";
import { RefundConfirm } from "@/app/console/(app)/card-payments/_components/refund-confirm";
import { TransactionStatusBadge } from "@/components/console/transaction-status-badge";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { describeFilterProblems } from "@/lib/edge/console/describe-filter-problems";
import { consoleTime, formatCount } from "@/lib/edge/console/format";
import { filtersQuery } from "@/lib/edge/console/query-string";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { formatMoney } from "@/lib/base/money/format-money";
import { CARD_PAYMENTS_PAGE_SIZE, listCardPayments } from "@/lib/domain/explorer/list-card-payments";
import { parseTransactionFilters } from "@/lib/domain/schemas/transaction-filters";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).cardPayments.heading };
}

/** Card payments: search (code, order, customer), status and date filters in the URL, 50 a page, refunds in place. */
export default async function CardPaymentsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [user, t] = await Promise.all([requireConsoleUser(sectionRoles("cardPayments")), consoleMessages()]);
  const c = t.common;
  const words = t.cardPayments;
  const { filters, problems } = parseTransactionFilters(await searchParams);
  const { rows, total, capped, pages } = await listCardPayments(user, filters);
  // The method is always cards here: not a filter the operator set, so not part of the links.
  const { page, ...rest } = filters;
  const applied = { ...rest, method: undefined };
  const filtered = Object.values(applied).some((v) => v !== undefined);
  const from = (page - 1) * CARD_PAYMENTS_PAGE_SIZE + 1;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{words.heading}</h1>
        {rows.length > 0 && (
          <p className="text-sm text-slate-600" data-testid="card-payments-range">
            {words.shown(from, from + rows.length - 1, `${formatCount(total, t.lang)}${capped ? "+" : ""}`)}
          </p>
        )}
      </div>
      <CardPaymentFilters filters={filters} t={t} />
      <SavedViews path="/console/card-payments" query={filtersQuery(applied)} words={t.transactions.filters.views} />
      {problems.length > 0 && (
        <div role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {describeFilterProblems(problems, t).map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}
      <DataTable
        columns={[c.created, `${c.trackingCode} · ${words.order}`, c.customer, c.site, c.amount, c.status, ""]}
        empty={rows.length > 0 ? null : filtered ? words.noMatch : words.none}
      >
        {rows.map((p) => (
          <tr key={p.id} className="border-t border-slate-100 align-top" data-testid="card-payment-row">
            <td className="px-3 py-2 whitespace-nowrap">{consoleTime(p.createdAt, t.lang)}</td>
            {/* Codes stay on one line, each with its copy button: people quote them. */}
            <td className="px-3 py-2">
              <span className="flex flex-col items-start gap-1">
                <CopyCode value={p.trackingCode}>
                  <Link
                    href={`/console/transactions/${p.id}`}
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    {p.trackingCode}
                  </Link>
                </CopyCode>
                {p.orderId && <CopyCode value={p.orderId} />}
              </span>
            </td>
            <td className="px-3 py-2">
              {p.fullname}
              <br />
              <span className="text-slate-600 wrap-anywhere">{p.email}</span>
            </td>
            <td className="px-3 py-2">{p.site?.name ?? words.dealerApi}</td>
            <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums" data-testid="card-payment-amount">
              {formatMoney(p.amount, t.lang)}
              {p.refunds.count > 0 && (
                <span className="block text-xs text-slate-600">
                  {words.refundedSoFar(formatMoney(p.refunds.refunded, t.lang), formatMoney(p.refunds.left, t.lang))}
                </span>
              )}
            </td>
            <td className="px-3 py-2">
              <TransactionStatusBadge
                status={p.status}
                direction={p.direction}
                canceledBy={p.canceledBy}
                errorCode={p.errorCode}
                errorMessage={p.errorMessage}
              />
            </td>
            <td className="px-3 py-2">
              {p.status === "success" && user.role !== "PROVIDER" && (
                <RefundConfirm payment={p} refunds={p.refunds} t={t} />
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager
        page={page}
        pages={pages}
        capped={capped && rows.length > 0}
        href={(n) => `/console/card-payments${filtersQuery(applied, { page: n })}`}
      />
    </div>
  );
}
