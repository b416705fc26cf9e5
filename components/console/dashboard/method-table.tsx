import type { Dashboard } from "@/lib/console/get-dashboard";
import { formatMoney } from "@/lib/console/format-money";
import { METHOD_LABELS, METHOD_ORDER } from "./labels";

/** Per-method totals as a plain table: the exact figures the daily charts only approximate. */
export function MethodTable({ dashboard }: { dashboard: Dashboard }) {
  const { totals, window } = dashboard;
  const rows = METHOD_ORDER.flatMap((m) => totals.byMethod.filter((t) => t.method === m));
  const th = "px-4 py-2 font-medium";
  const num = "px-4 py-2 text-right tabular-nums";
  return (
    <section aria-labelledby="by-method-title" className="overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200">
      <h2 id="by-method-title" className="border-b border-slate-200 px-4 py-3 font-medium">
        By method
      </h2>
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">No transactions in the last {window.days.length} days.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className={th}>Method</th>
              <th scope="col" className={`${th} text-right`}>Today</th>
              <th scope="col" className={`${th} text-right`}>Completed today</th>
              <th scope="col" className={`${th} text-right`}>Last {window.days.length} days</th>
              <th scope="col" className={`${th} text-right`}>Completed, {window.days.length} days</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.method} className="border-t border-slate-100">
                <th scope="row" className="px-4 py-2 font-normal">{METHOD_LABELS[r.method]}</th>
                <td className={num}>{r.todayCount}</td>
                <td className={num}>{formatMoney(r.todayVolume)}</td>
                <td className={num}>{r.periodCount}</td>
                <td className={num}>{formatMoney(r.periodVolume)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
