import Link from "next/link";
import { DataTable } from "@/components/console/data-table";
import { formatMoney } from "@/lib/base/money/format-money";
import type { PairBalance } from "@/lib/domain/ledger/counterparty-balances";
import { sumAmounts } from "@/lib/domain/ledger/fee";
import { filtersQuery } from "@/lib/edge/console/query-string";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/** An amount cell: right-aligned figures; on a phone the column's name goes before it (rows stack). */
function Amount({ value, label, testId, t }: { value: string; label: string; testId: string; t: ConsoleMessages }) {
  return (
    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums" data-testid={testId}>
      <span className="mr-1 text-xs text-slate-600 sm:hidden">{label}:</span>
      {formatMoney(value, t.lang)}
    </td>
  );
}

/**
 * One row per provider-dealer pair: what the dealer owes the provider (negative: the provider owes the
 * dealer, said in words), the service's fees it holds and its commission, a link to the pair's statement
 * of the day shown, and the column totals when there is more than one pair.
 */
export function BalancesTable({ rows, day, t }: { rows: PairBalance[]; day?: string; t: ConsoleMessages }) {
  const b = t.ledger.balances;
  const columns = [t.common.provider, t.common.dealer, b.owedToProvider, b.serviceFees, b.commission, b.statement];
  const total = (pick: (r: PairBalance) => string) => sumAmounts(rows.map(pick));
  return (
    <DataTable columns={columns} empty={rows.length ? null : b.none} label={b.heading}>
      {rows.map((r) => (
        <tr
          key={`${r.providerId}:${r.dealerId}`}
          className="border-t border-slate-100 align-top"
          data-testid="balance-row"
        >
          <td className="px-3 py-2 font-medium max-sm:w-full" translate="no">
            {r.providerName}
          </td>
          <td className="px-3 py-2 max-sm:w-full" translate="no">
            {r.dealerName}
          </td>
          <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums max-sm:w-full" data-testid="balance-owed">
            <span className="mr-1 text-xs text-slate-600 sm:hidden">{b.owedToProvider}:</span>
            <span className={r.owedToProvider.startsWith("-") ? "text-amber-800" : ""}>
              {formatMoney(r.owedToProvider, t.lang)}
            </span>
            {r.owedToProvider.startsWith("-") && <span className="block text-xs text-amber-800">{b.providerOwes}</span>}
          </td>
          <Amount value={r.serviceFees} label={b.serviceFees} testId="balance-service-fees" t={t} />
          <Amount value={r.commission} label={b.commission} testId="balance-commission" t={t} />
          <td className="px-3 py-2 whitespace-nowrap">
            <Link
              href={`/console/statements${filtersQuery({ providerId: r.providerId, dealerId: r.dealerId, day })}`}
              aria-label={b.statementOf(r.providerName, r.dealerName)}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {b.statement}
            </Link>
          </td>
        </tr>
      ))}
      {rows.length > 1 && (
        <tr className="border-t-2 border-slate-200 bg-slate-50 font-semibold" data-testid="balance-total">
          <td className="px-3 py-2" colSpan={2}>
            {b.total} <span className="font-normal text-slate-600">({b.pairs(rows.length)})</span>
          </td>
          <Amount value={total((r) => r.owedToProvider)} label={b.owedToProvider} testId="total-owed" t={t} />
          <Amount value={total((r) => r.serviceFees)} label={b.serviceFees} testId="total-service-fees" t={t} />
          <Amount value={total((r) => r.commission)} label={b.commission} testId="total-commission" t={t} />
          <td className="max-sm:hidden" />
        </tr>
      )}
    </DataTable>
  );
}
