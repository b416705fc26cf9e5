import Link from "next/link";
import { DataTable } from "@/components/console/data-table";
import { formatMoney } from "@/lib/base/money/format-money";
import type { DailyStatement } from "@/lib/domain/ledger/statement";
import { consoleDay } from "@/lib/edge/console/format";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/**
 * A range of a pair's days, the latest first, one row each with every figure of its statement; a day opens
 * its full statement. On a phone each row stacks with the column's name before each figure.
 */
export function StatementDays({
  statements,
  href,
  current,
  t,
}: {
  statements: DailyStatement[];
  href: (day: string) => string;
  current: string;
  t: ConsoleMessages;
}) {
  const w = t.ledger.statements;
  const columns: [string, (s: DailyStatement) => string][] = [
    [w.opening, (s) => s.opening],
    [w.deposits, (s) => s.deposits.amount],
    [w.withdrawals, (s) => s.withdrawals.amount],
    [w.cardPayments, (s) => s.cardPayments.amount],
    [w.refunds, (s) => s.refunds.amount],
    [w.serviceFees, (s) => s.serviceFees],
    [w.dealerFees, (s) => s.dealerFees],
    [w.settlements, (s) => s.settlements.amount],
    [w.adjustments, (s) => s.adjustments.amount],
    [w.closing, (s) => s.closing],
  ];
  return (
    <DataTable columns={[w.day, ...columns.map(([label]) => label)]} empty={null} label={w.days}>
      {statements.map((s) => (
        <tr
          key={s.day}
          className={`border-t border-slate-100 align-top ${s.day === current ? "bg-brand-50" : ""}`}
          data-testid="statement-day"
          aria-current={s.day === current ? "date" : undefined}
        >
          <td className="px-3 py-2 whitespace-nowrap max-sm:w-full max-sm:font-semibold">
            <Link
              href={href(s.day)}
              aria-label={w.openDay(consoleDay(s.day, t.lang))}
              className="text-brand-700 underline-offset-2 hover:underline"
            >
              {consoleDay(s.day, t.lang)}
            </Link>
          </td>
          {columns.map(([label, pick], i) => (
            <td
              key={label}
              className={
                `px-3 py-2 text-right whitespace-nowrap tabular-nums ` +
                `${i === columns.length - 1 ? "font-semibold" : ""}`
              }
            >
              <span className="mr-1 text-xs font-normal text-slate-600 sm:hidden">{label}:</span>
              {formatMoney(pick(s), t.lang)}
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}
