import Link from "next/link";
import { ChartPanel } from "@/components/console/charts/chart-panel";
import { StackedBarChart, type StackedRow } from "@/components/console/charts/stacked-bar-chart";
import type { QueueSize } from "@/lib/domain/approvals/count-approval-queues";
import type { Direction } from "@/lib/generated/prisma/enums";
import type { PaymentMethod } from "@/lib/domain/payment-methods";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { staffQueue } from "@/lib/domain/payment-methods";

// The queues staff work through, as the lifecycle table defines them.
const QUEUES: { direction: Direction; method: PaymentMethod }[] = (["DEPOSIT", "WITHDRAWAL"] as const).flatMap(
  (direction) => staffQueue(direction).methods.map((method) => ({ direction, method })),
);

type StageKey = "decide" | "paying" | "customer";

// Stages by who has to act next, which is what an operator looks at the queue for.
const STAGES: { key: StageKey; color: string; matches: (q: QueueSize) => boolean }[] = [
  { key: "decide", color: "#D55E00", matches: (q) => q.status === "pending" },
  { key: "paying", color: "#0072B2", matches: (q) => q.direction === "WITHDRAWAL" && q.status === "processing" },
  { key: "customer", color: "#56B4E9", matches: (q) => q.direction === "DEPOSIT" && q.status === "showing" },
];

/**
 * The approval queues' sizes; the link is there only for roles that may open the approvals page. Its text
 * leaves out "Approvals" so the header's nav link stays the only link of that name.
 */
export function QueuePanel({
  queues,
  alerts,
  secondApprovals,
  canOpen,
  t,
}: {
  queues: QueueSize[];
  alerts: number;
  secondApprovals: number;
  canOpen: boolean;
  t: ConsoleMessages;
}) {
  const words = t.dashboard.queues;
  const count = (direction: Direction, method: PaymentMethod, stage: (typeof STAGES)[number]) =>
    queues
      .filter((q) => q.direction === direction && q.method === method && stage.matches(q))
      .reduce((sum, q) => sum + q.count, 0);
  const queueLabel = (q: (typeof QUEUES)[number]) =>
    (q.direction === "DEPOSIT" ? words.deposits : words.withdrawals)(t.labels.methodShort[q.method]);
  const rows: StackedRow[] = QUEUES.map(
    (q) =>
      Object.fromEntries([
        ["x", queueLabel(q)],
        ...STAGES.map((s) => [s.key, count(q.direction, q.method, s)]),
      ]) as StackedRow,
  );
  const total = queues.reduce((sum, q) => sum + q.count, 0);
  const decide = queues.filter((q) => q.status === "pending").reduce((sum, q) => sum + q.count, 0);
  return (
    <ChartPanel
      id="queues"
      title={words.title}
      description={
        <p>
          <span data-testid="queue-total">{total}</span> {words.waiting},{" "}
          <span data-testid="queue-decide">{decide}</span> {words.needingDecision}
          {alerts > 0 && (
            <>
              {", "}
              <strong className="text-amber-800" data-testid="queue-alerts">
                {words.needAttention(alerts)}
              </strong>
            </>
          )}
          {secondApprovals > 0 && (
            <>
              {", "}
              <strong className="text-indigo-800" data-testid="queue-second-approvals">
                {words.secondApprovals(secondApprovals)}
              </strong>
            </>
          )}
          {canOpen && (
            <>
              {" · "}
              <Link href="/console/approvals" className="text-brand-700 underline hover:text-brand-600">
                {words.review}
              </Link>
            </>
          )}
        </p>
      }
      table={{
        caption: words.caption,
        columns: [words.queue, ...STAGES.map((s) => words[s.key])],
        rows: rows.map((r) => [String(r.x), ...STAGES.map((s) => r[s.key] ?? 0)]),
      }}
    >
      <StackedBarChart
        rows={rows}
        series={STAGES.map(({ key, color }) => ({ key, label: words[key], color }))}
        unit="count"
        height={220}
        horizontal
      />
    </ChartPanel>
  );
}
