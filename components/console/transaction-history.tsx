import { DataTable } from "@/components/console/data-table";
import { historyNote } from "@/lib/edge/console/word-note";
import { historyActorWords, type HistoryParties } from "@/lib/edge/console/history-actor";
import { consoleTime } from "@/lib/edge/console/format";
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

/** Every state change, oldest first, with who made it (named, in words) and why. */
export function TransactionHistory({
  events,
  direction,
  parties,
  staff,
  t,
}: {
  events: Event[];
  direction: Direction;
  parties: HistoryParties;
  staff: Map<string, string>;
  t: ConsoleMessages;
}) {
  const words = t.transactions.history;
  return (
    <section aria-labelledby="history" className="flex flex-col gap-3">
      <h2 id="history" className="text-lg font-medium">
        {words.heading}
      </h2>
      <DataTable
        columns={[words.when, words.change, words.by, words.note]}
        empty={events.length === 0 ? words.empty : null}
      >
        {events.map((e) => (
          <tr key={e.id} className="border-t border-slate-100 align-top" data-testid="history-row">
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">{consoleTime(e.createdAt, t.lang)}</td>
            <td className="px-3 py-2 whitespace-nowrap">{change(e, direction, t)}</td>
            <td className="px-3 py-2">{historyActorWords(e, parties, staff, t)}</td>
            <td className="min-w-48 px-3 py-2 break-words text-slate-700">{historyNote(e, t)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
