import { ChartPanel } from "@/components/console/charts/chart-panel";
import { CountBarChart } from "@/components/console/charts/count-bar-chart";
import type { DeliveryHealth } from "@/lib/domain/callbacks/get-delivery-health";
import { consoleTime } from "@/lib/edge/console/format";
import { formatAge } from "@/lib/edge/console/format-age";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/** Callback delivery health: outcomes of the last 24 hours and what is still outstanding. */
export function DeliveryPanel({ health, now, t }: { health: DeliveryHealth; now: Date; t: ConsoleMessages }) {
  const words = t.dashboard.deliveries;
  const bars = [
    { label: words.delivered, count: health.delivered, color: "#009E73" },
    { label: words.failed, count: health.failed, color: "#D55E00" },
    { label: words.retrying, count: health.retrying, color: "#E69F00" },
    { label: words.queued, count: health.queued, color: "#56B4E9" },
    { label: words.noUrl, count: health.noUrl, color: "#999999" },
  ];
  const oldest = health.oldestUndeliveredAt;
  return (
    <ChartPanel
      id="deliveries"
      title={words.title}
      description={
        <p data-testid="oldest-undelivered">
          {oldest ? (
            <>
              {words.oldest}{" "}
              <strong className="font-semibold text-slate-900">
                {formatAge(now.getTime() - oldest.getTime(), t.lang)}
              </strong>{" "}
              {words.since(consoleTime(oldest, t.lang))}
            </>
          ) : (
            words.nothingWaiting
          )}
        </p>
      }
      table={{
        caption: words.caption,
        columns: [words.outcome, words.count],
        rows: bars.map((b) => [b.label, b.count]),
      }}
    >
      <CountBarChart bars={bars} height={180} />
    </ChartPanel>
  );
}
