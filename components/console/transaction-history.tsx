import { DataTable } from "@/components/console/data-table";
import { historyNote } from "@/lib/edge/console/word-note";
import { historyActorWords, type HistoryParties } from "@/lib/edge/console/history-actor";
import { consoleTime } from "@/lib/edge/console/format";
import { errorCodeLabel } from "@/lib/edge/console/transaction-labels";
import { formatMoney } from "@/lib/base/money/format-money";
import { readStatus } from "@/lib/domain/payment-methods/status-reading";
import type { ActorType, Direction, TransactionStatus } from "@/lib/generated/prisma/enums";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

type Event = {
  id: number;
  createdAt: Date;
  fromStatus: TransactionStatus | null;
  toStatus: TransactionStatus;
  actorType: ActorType;
  actorId: string | null;
  note: string | null;
  noteKey?: string | null;
  noteParams?: unknown;
};

/** A move in the console's status words: staff canceling a deposit reads "rejected", its gateway "declined". */
function change(e: Event, direction: Direction, t: ConsoleMessages): string {
  const to = t.labels.status[readStatus(e.toStatus, direction, e.toStatus === "canceled" ? e.actorType : null)];
  if (!e.fromStatus || e.fromStatus === e.toStatus) return to;
  return `${t.labels.status[readStatus(e.fromStatus, direction, null)]} → ${to}`;
}

/** A card attempt, a callback attempt or a refund, as the merged timeline shows it beside the state changes. */
type Extra = { id: string; at: Date; what: string; by: string; note: string };

/** What else happened to the transaction, in the timeline's words: attempts, callbacks, refunds. */
export type TimelineParts = {
  attempts?: {
    id: number;
    number: number;
    orderId: string;
    status: string;
    startedAt: Date;
    decidedAt: Date | null;
    errorCode: string | null;
    errorMessage: string | null;
  }[];
  callbacks?: {
    id: number;
    kind: string;
    attempts: { id: number; startedAt: Date; statusCode: number | null; succeeded: boolean }[];
  }[];
  refunds?: {
    id: number;
    amount: { toFixed: (n: number) => string };
    status: string;
    createdAt: Date;
    actorLabel: string;
    reason: string | null;
  }[];
};

function extras(parts: TimelineParts, showStaff: boolean, t: ConsoleMessages): Extra[] {
  const w = t.transactions.timeline;
  const a = t.transactions.history.actors;
  const rows: Extra[] = [];
  for (const attempt of parts.attempts ?? []) {
    rows.push({
      id: `attempt-${attempt.id}`,
      at: attempt.startedAt,
      what: w.attemptStarted(attempt.number),
      by: a.customer,
      note: attempt.orderId,
    });
    if (attempt.decidedAt)
      rows.push({
        id: `attempt-${attempt.id}-decided`,
        at: attempt.decidedAt,
        what: w.attemptDecided(
          attempt.number,
          t.transactions.attempts.status[attempt.status as "started"] ?? attempt.status,
        ),
        by: a.cardAcquirer,
        note: attempt.errorCode ? errorCodeLabel(attempt.errorCode, t.labels, attempt.errorMessage) : "",
      });
  }
  for (const delivery of parts.callbacks ?? [])
    for (const attempt of delivery.attempts)
      rows.push({
        id: `callback-${attempt.id}`,
        at: attempt.startedAt,
        what: w.callback,
        by: a.service,
        note: [attempt.statusCode ? `HTTP ${attempt.statusCode}` : t.deliveries.noResponse]
          .concat(attempt.succeeded ? [t.deliveries.acknowledged] : [])
          .join(" · "),
      });
  for (const refund of parts.refunds ?? [])
    rows.push({
      id: `refund-${refund.id}`,
      at: refund.createdAt,
      what: w.refund(formatMoney(refund.amount, t.lang), t.cardPayments.refundStatus[refund.status] ?? refund.status),
      by: showStaff ? refund.actorLabel : t.transactions.history.staff,
      note: refund.reason ?? "",
    });
  return rows;
}

/**
 * One timeline, oldest first: every state change (with who made it, named in words, and why), and beside them the
 * card attempts at the acquirer, the callbacks sent and the refunds, each at its own time.
 */
export function TransactionHistory({
  events,
  direction,
  parties,
  staff,
  more = {},
  showStaff = true,
  t,
}: {
  events: Event[];
  direction: Direction;
  parties: HistoryParties;
  staff: Map<string, string>;
  more?: TimelineParts;
  showStaff?: boolean;
  t: ConsoleMessages;
}) {
  const words = t.transactions.history;
  const rows = [
    ...events.map((e) => ({ kind: "change" as const, at: e.createdAt, e })),
    ...extras(more, showStaff, t).map((x) => ({ kind: "extra" as const, at: x.at, x })),
  ].sort((p, q) => p.at.getTime() - q.at.getTime());
  return (
    <section aria-labelledby="history" className="flex flex-col gap-3">
      <h2 id="history" className="text-lg font-medium">
        {words.heading}
      </h2>
      <DataTable
        columns={[words.when, words.change, words.by, words.note]}
        empty={rows.length === 0 ? words.empty : null}
      >
        {rows.map((row) =>
          row.kind === "change" ? (
            <tr key={`event-${row.e.id}`} className="border-t border-slate-100 align-top" data-testid="history-row">
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{consoleTime(row.e.createdAt, t.lang)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{change(row.e, direction, t)}</td>
              <td className="px-3 py-2">{historyActorWords(row.e, parties, staff, t)}</td>
              <td className="min-w-48 px-3 py-2 break-words text-slate-700">{historyNote(row.e, t)}</td>
            </tr>
          ) : (
            <tr
              key={row.x.id}
              className="border-t border-slate-100 align-top text-slate-700"
              data-testid="timeline-row"
            >
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{consoleTime(row.x.at, t.lang)}</td>
              <td className="px-3 py-2">{row.x.what}</td>
              <td className="px-3 py-2">{row.x.by}</td>
              <td className="min-w-48 px-3 py-2 break-words">{row.x.note}</td>
            </tr>
          ),
        )}
      </DataTable>
    </section>
  );
}
