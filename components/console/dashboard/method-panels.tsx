import { ChartPanel } from "@/components/console/charts/chart-panel";
import { seriesColor } from "@/components/console/charts/chart-colors";
import { StackedBarChart, type StackedRow } from "@/components/console/charts/stacked-bar-chart";
import { formatMoney } from "@/lib/base/money/format-money";
import type { Dashboard } from "@/lib/edge/console/get-dashboard";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { DailyMethodRow } from "@/lib/domain/explorer/summarize-period";
import { METHOD_ORDER, shortDay } from "./labels";

/** The daily volume and count charts, stacked by method, over the dashboard's window. */
export function MethodPanels({ dashboard, t }: { dashboard: Dashboard; t: ConsoleMessages }) {
  const { window, daily, totals } = dashboard;
  const days = window.days.length;
  const present = METHOD_ORDER.filter((m) => totals.byMethod.some((row) => row.method === m));
  const series = present.map((m) => ({
    key: m,
    label: t.labels.methodShort[m],
    color: seriesColor(METHOD_ORDER.indexOf(m)),
  }));
  const cell = (day: string, method: string): DailyMethodRow | undefined =>
    daily.find((r) => r.day === day && r.method === method);
  // Days without transactions still get a bar slot, so the axis always shows the whole window.
  const volumeRows: StackedRow[] = window.days.map((day) => {
    const row: StackedRow = { x: shortDay(day, t.lang) };
    for (const m of present) {
      const volume = cell(day, m)?.volume ?? "0.00";
      row[m] = Number(volume); // plotting only: every figure shown as text comes from the string
      row[`${m}:text`] = volume;
    }
    return row;
  });
  const countRows: StackedRow[] = window.days.map((day) => {
    const row: StackedRow = { x: shortDay(day, t.lang) };
    for (const m of present) row[m] = cell(day, m)?.count ?? 0;
    return row;
  });
  const columns = [t.dashboard.day, ...present.map((m) => t.labels.methodShort[m])];
  const empty = <p className="py-10 text-center text-sm text-slate-600">{t.dashboard.noTransactions(days)}</p>;
  return (
    <>
      <ChartPanel
        id="daily-volume"
        title={t.dashboard.volumeTitle(days)}
        description={t.dashboard.volumeDescription}
        table={{
          caption: t.dashboard.volumeCaption,
          columns,
          rows: window.days.map((day) => [
            day,
            ...present.map((m) => formatMoney(cell(day, m)?.volume ?? "0", t.lang)),
          ]),
        }}
      >
        {present.length ? <StackedBarChart rows={volumeRows} series={series} unit="money" /> : empty}
      </ChartPanel>
      <ChartPanel
        id="daily-count"
        title={t.dashboard.countTitle(days)}
        description={t.dashboard.countDescription}
        table={{
          caption: t.dashboard.countCaption,
          columns,
          rows: window.days.map((day) => [day, ...present.map((m) => cell(day, m)?.count ?? 0)]),
        }}
      >
        {present.length ? <StackedBarChart rows={countRows} series={series} unit="count" /> : empty}
      </ChartPanel>
    </>
  );
}
