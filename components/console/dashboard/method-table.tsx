import { formatMoney } from "@/lib/base/money/format-money";
import type { Dashboard } from "@/lib/edge/console/get-dashboard";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { METHOD_ORDER } from "./labels";

/** Per-method totals as a plain table: the exact figures the daily charts only approximate. */
export function MethodTable({ dashboard, t }: { dashboard: Dashboard; t: ConsoleMessages }) {
  const { totals, window } = dashboard;
  const days = window.days.length;
  const rows = METHOD_ORDER.flatMap((m) => totals.byMethod.filter((row) => row.method === m));
  const th = "px-4 py-2 font-medium";
  const num = "px-4 py-2 text-right tabular-nums";
  return (
    // Focusable, so a keyboard can scroll the table where it is wider than a phone (axe scrollable-region-focusable).
    <section
      aria-labelledby="by-method-title"
      tabIndex={0}
      className="overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200"
    >
      <h2 id="by-method-title" className="border-b border-slate-200 px-4 py-3 font-medium">
        {t.dashboard.byMethod.title}
      </h2>
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">{t.dashboard.noTransactions(days)}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className={th}>
                {t.common.method}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t.dashboard.today}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t.dashboard.byMethod.completedToday}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t.dashboard.lastDays(days)}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t.dashboard.byMethod.completedDays(days)}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.method} className="border-t border-slate-100">
                <th scope="row" className="px-4 py-2 font-normal">
                  {t.labels.methodShort[r.method]}
                </th>
                <td className={num}>{r.todayCount}</td>
                <td className={num}>{formatMoney(r.todayVolume, t.lang)}</td>
                <td className={num}>{r.periodCount}</td>
                <td className={num}>{formatMoney(r.periodVolume, t.lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
