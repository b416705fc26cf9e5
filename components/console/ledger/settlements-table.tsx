import { DataTable } from "@/components/console/data-table";
import { formatMoney } from "@/lib/base/money/format-money";
import type { SettlementRecord } from "@/lib/domain/ledger/settlements";
import { consoleDay, consoleTime } from "@/lib/edge/console/format";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/**
 * A pair's recorded settlement payments, the latest first: when, the bank's day, to whom, how much, the bank
 * reference and who recorded it. Provider viewers read "staff" for the person, as in a transaction's history.
 */
export function SettlementsTable({
  rows,
  showRecorder,
  t,
}: {
  rows: SettlementRecord[];
  showRecorder: boolean;
  t: ConsoleMessages;
}) {
  const w = t.ledger.settlements;
  return (
    <DataTable
      columns={[w.recordedAt, w.paidOn, w.to, w.amount, w.reference, w.note, w.recordedBy]}
      empty={rows.length ? null : w.none}
      label={w.heading}
    >
      {rows.map((r) => (
        <tr key={r.id} className="border-t border-slate-100 align-top" data-testid="settlement-row">
          <td className="px-3 py-2 whitespace-nowrap tabular-nums">{consoleTime(r.recordedAt, t.lang)}</td>
          <td className="px-3 py-2 whitespace-nowrap tabular-nums">
            <span className="mr-1 text-xs text-slate-600 sm:hidden">{w.paidOn}:</span>
            {consoleDay(r.paidOn, t.lang)}
          </td>
          <td className="px-3 py-2">{w.direction[r.direction]}</td>
          <td className="px-3 py-2 text-right font-medium whitespace-nowrap tabular-nums">
            {formatMoney(r.amount, t.lang)}
          </td>
          <td className="px-3 py-2 font-mono text-xs break-all" translate="no" data-testid="settlement-reference">
            {r.reference}
          </td>
          <td className="px-3 py-2 break-words" translate="no">
            {r.note ?? ""}
          </td>
          <td className="px-3 py-2 break-all" translate={showRecorder ? "no" : undefined}>
            {showRecorder ? r.recordedBy : w.staff}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
