import { DataTable } from "@/components/console/data-table";
import { historyNote } from "@/lib/edge/console/word-note";
import { consoleTime } from "@/lib/edge/console/format";
import type { ActorType, TransactionStatus } from "@/lib/generated/prisma/enums";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

type Event = { id: number; createdAt: Date; fromStatus: TransactionStatus | null; toStatus: TransactionStatus; actorType: ActorType; actorId: string | null; note: string | null; noteKey?: string | null; noteParams?: unknown };

function who(e: Event, staff: Map<string, string>, t: ConsoleMessages): string {
  const actor = t.labels.actor[e.actorType];
  if (e.actorType !== "CONSOLE_USER") return e.actorId ? `${actor} (${e.actorId})` : actor;
  return (e.actorId && staff.get(e.actorId)) || t.transactions.history.staff;
}

/** Every state change, oldest first, with who made it and why. */
export function TransactionHistory({ events, staff, t }: { events: Event[]; staff: Map<string, string>; t: ConsoleMessages }) {
  const words = t.transactions.history;
  return (
    <section aria-labelledby="history" className="flex flex-col gap-3">
      <h2 id="history" className="text-lg font-medium">
        {words.heading}
      </h2>
      <DataTable columns={[words.when, words.change, words.by, words.note]} empty={events.length === 0 ? words.empty : null}>
        {events.map((e) => (
          <tr key={e.id} className="border-t border-slate-100 align-top" data-testid="history-row">
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">{consoleTime(e.createdAt, t.lang)}</td>
            <td className="px-3 py-2 whitespace-nowrap">{e.fromStatus && e.fromStatus !== e.toStatus ? `${t.labels.status[e.fromStatus]} → ${t.labels.status[e.toStatus]}` : t.labels.status[e.toStatus]}</td>
            <td className="px-3 py-2 whitespace-nowrap">{who(e, staff, t)}</td>
            <td className="min-w-48 px-3 py-2 break-words text-slate-700">{historyNote(e, t)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
