import Link from "next/link";
import { DataTable } from "@/components/console/data-table";
import type { ReconDiscrepancy } from "@/lib/generated/prisma/client";
import { discrepancyKindWord, recordKindWord, reconDay, reconMoney } from "@/lib/edge/console/reconciliation-words";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { RECONCILIATION_PATH } from "./recon-filters";
import { DiscrepancyStatusBadge } from "./discrepancy-status-badge";

/**
 * The discrepancies of the filters, unresolved first: what differs in words, the order it names (one line:
 * an order id is read and copied whole), the amount in its currency, its state and a link to its page.
 */
export function DiscrepancyTable({
  rows,
  labels,
  t,
}: {
  rows: ReconDiscrepancy[];
  labels: ReadonlyMap<string, string>;
  t: ConsoleMessages;
}) {
  const w = t.reconciliation;
  return (
    <DataTable
      label={w.list.heading}
      columns={[w.list.day, w.partner, w.kind, w.list.record, w.list.order, w.list.amount, w.status, ""]}
      empty={rows.length === 0 ? w.list.none : null}
    >
      {rows.map((d) => (
        <tr key={d.id} className="border-t border-slate-100 align-top" data-testid="recon-discrepancy">
          <td className="px-3 py-2 whitespace-nowrap tabular-nums">{reconDay(d.day, t)}</td>
          <td className="px-3 py-2 break-words" translate="no">
            {labels.get(d.account) ?? d.account}
            <span className="block font-mono text-xs text-slate-600">{d.partner}</span>
          </td>
          <td className="px-3 py-2">{discrepancyKindWord(d.kind, t)}</td>
          <td className="px-3 py-2">{recordKindWord(d.recordKind, t)}</td>
          <td className="px-3 py-2 font-mono text-xs" translate="no">
            <span className="whitespace-nowrap">{d.orderId ?? "—"}</span>
          </td>
          <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums" data-testid="recon-amount">
            {reconMoney(d.amount, d.currency, t)}
          </td>
          <td className="px-3 py-2">
            <DiscrepancyStatusBadge status={d.status} t={t} />
          </td>
          <td className="px-3 py-2">
            <Link
              href={`${RECONCILIATION_PATH}/${d.id}`}
              aria-label={w.list.openName(String(d.id))}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {w.list.open}
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
