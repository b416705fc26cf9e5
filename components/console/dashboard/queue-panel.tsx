import Link from "next/link";
import { ChartPanel } from "@/components/console/charts/chart-panel";
import { StackedBarChart, type StackedRow } from "@/components/console/charts/stacked-bar-chart";
import type { QueueSize } from "@/lib/approvals/count-approval-queues";
import type { Direction, PaymentMethod } from "@/lib/generated/prisma/enums";
import { METHOD_LABELS } from "./labels";

const QUEUES: { direction: Direction; method: PaymentMethod; label: string }[] = [
  { direction: "DEPOSIT", method: "MANUAL_BANK", label: `${METHOD_LABELS.MANUAL_BANK} deposits` },
  { direction: "DEPOSIT", method: "EIBAN", label: `${METHOD_LABELS.EIBAN} deposits` },
  { direction: "WITHDRAWAL", method: "MANUAL_BANK", label: `${METHOD_LABELS.MANUAL_BANK} withdrawals` },
  { direction: "WITHDRAWAL", method: "EIBAN", label: `${METHOD_LABELS.EIBAN} withdrawals` },
];

// Stages by who has to act next, which is what an operator looks at the queue for.
const STAGES: { key: string; label: string; color: string; matches: (q: QueueSize) => boolean }[] = [
  { key: "decide", label: "Needs a decision", color: "#D55E00", matches: (q) => q.status === "pending" },
  { key: "paying", label: "Being paid out", color: "#0072B2", matches: (q) => q.direction === "WITHDRAWAL" && q.status === "processing" },
  { key: "customer", label: "Customer's page open", color: "#56B4E9", matches: (q) => q.direction === "DEPOSIT" && q.status === "showing" },
];

/**
 * The approval queues' sizes; the link is there only for roles that may open the approvals page. Its text
 * leaves out "Approvals" so the header's nav link stays the only link of that name.
 */
export function QueuePanel({ queues, canOpen }: { queues: QueueSize[]; canOpen: boolean }) {
  const count = (direction: Direction, method: PaymentMethod, stage: (typeof STAGES)[number]) =>
    queues.filter((q) => q.direction === direction && q.method === method && stage.matches(q)).reduce((sum, q) => sum + q.count, 0);
  const rows: StackedRow[] = QUEUES.map((q) => Object.fromEntries([["x", q.label], ...STAGES.map((s) => [s.key, count(q.direction, q.method, s)])]) as StackedRow);
  const total = queues.reduce((sum, q) => sum + q.count, 0);
  const decide = queues.filter((q) => q.status === "pending").reduce((sum, q) => sum + q.count, 0);
  return (
    <ChartPanel
      id="queues"
      title="Approval queues"
      description={
        <p>
          <span data-testid="queue-total">{total}</span> waiting, <span data-testid="queue-decide">{decide}</span> needing a decision
          {canOpen && (
            <>
              {" · "}
              <Link href="/console/approvals" className="text-brand-700 underline hover:text-brand-600">
                Review the queues
              </Link>
            </>
          )}
        </p>
      }
      table={{ caption: "Approval queue sizes by stage", columns: ["Queue", ...STAGES.map((s) => s.label)], rows: rows.map((r) => [String(r.x), ...STAGES.map((s) => r[s.key] ?? 0)]) }}
    >
      <StackedBarChart rows={rows} series={STAGES.map(({ key, label, color }) => ({ key, label, color }))} unit="count" height={220} horizontal />
    </ChartPanel>
  );
}
