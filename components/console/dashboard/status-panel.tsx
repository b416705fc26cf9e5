import { ChartPanel } from "@/components/console/charts/chart-panel";
import { CountBarChart } from "@/components/console/charts/count-bar-chart";
import { formatCount } from "@/lib/edge/console/format";
import type { StatusCount } from "@/lib/domain/explorer/summarize-period";
import type { StatusReading } from "@/lib/domain/payment-methods/status-reading";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

// Colours by outcome, not by status: success green, open amber/blue, given up grey, refused red.
const STATUS_COLOR: Record<StatusReading, string> = {
  completed: "#009E73",
  success: "#009E73",
  showing: "#56B4E9",
  pending: "#E69F00",
  processing: "#0072B2",
  canceled: "#7A7A7A",
  expired: "#7A7A7A",
  rejected: "#D55E00",
  declined: "#D55E00",
  failed: "#D55E00",
  refunded: "#CC79A7",
};

/** Transactions per status over the window; statuses in the operator's language. */
export function StatusPanel({ statuses, days, t }: { statuses: StatusCount[]; days: number; t: ConsoleMessages }) {
  const total = statuses.reduce((sum, s) => sum + s.count, 0);
  return (
    <ChartPanel
      id="statuses"
      title={t.dashboard.statusTitle(days)}
      description={t.dashboard.inAll(formatCount(total, t.lang))}
      table={{
        caption: t.dashboard.statusCaption,
        columns: [t.common.status, t.dashboard.transactions],
        rows: statuses.map((s) => [t.labels.status[s.status], s.count]),
      }}
    >
      {statuses.length ? (
        <CountBarChart
          bars={statuses.map((s) => ({
            label: t.labels.status[s.status],
            count: s.count,
            color: STATUS_COLOR[s.status],
          }))}
          height={Math.max(120, statuses.length * 32 + 40)}
        />
      ) : (
        <p className="py-10 text-center text-sm text-slate-600">{t.dashboard.noTransactions(days)}</p>
      )}
    </ChartPanel>
  );
}
