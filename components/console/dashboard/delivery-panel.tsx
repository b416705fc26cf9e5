import { ChartPanel } from "@/components/console/charts/chart-panel";
import { CountBarChart } from "@/components/console/charts/count-bar-chart";
import type { DeliveryHealth } from "@/lib/callbacks/get-delivery-health";
import { consoleTime } from "@/lib/console/format";
import { formatAge } from "@/lib/console/format-age";

/** Callback delivery health: outcomes of the last 24 hours and what is still outstanding. */
export function DeliveryPanel({ health, now }: { health: DeliveryHealth; now: Date }) {
  const bars = [
    { label: "Delivered (24 h)", count: health.delivered, color: "#009E73" },
    { label: "Failed (24 h)", count: health.failed, color: "#D55E00" },
    { label: "Retrying now", count: health.retrying, color: "#E69F00" },
    { label: "Queued now", count: health.queued, color: "#56B4E9" },
  ];
  const oldest = health.oldestUndeliveredAt;
  return (
    <ChartPanel
      id="deliveries"
      title="Callback delivery"
      description={
        <p data-testid="oldest-undelivered">
          {oldest ? (
            <>
              Oldest undelivered: <strong className="font-semibold text-slate-900">{formatAge(now.getTime() - oldest.getTime())}</strong> (since {consoleTime(oldest)})
            </>
          ) : (
            "Nothing waiting to be delivered."
          )}
        </p>
      }
      table={{ caption: "Callback deliveries", columns: ["Outcome", "Deliveries"], rows: bars.map((b) => [b.label, b.count]) }}
    >
      <CountBarChart bars={bars} height={180} />
    </ChartPanel>
  );
}
