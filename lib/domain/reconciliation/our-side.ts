import type { ReportOrder } from "@/lib/integrations/connectors/report-port";
import type { OurRecord } from "./recon-types";

/** The day's bounds, and the same widened for records stamped across midnight (docs/reconciliation.md). */
export type DayWindow = { day: string; start: Date; end: Date; from: Date; to: Date };

/** How many of our rows one read takes: a day of 100,000 records is read in pieces, never in one answer. */
export const CHUNK = 1_000;

/** Our records of one partner account, as the matching reads them. */
export type OurSide = {
  /** Our succeeded records of the day, chunk by chunk. */
  ofDay(window: DayWindow): AsyncIterable<OurRecord[]>;
  /** Our records of any day and status that any of `ids` names (an order id, or "ref:" and a partner reference). */
  lookUp(ids: readonly string[]): Promise<OurRecord[]>;
  /** The orders we sent the partner in the window, for partners asked order by order. */
  ordersSent(window: DayWindow): AsyncIterable<ReportOrder>;
};

/** Splits lookup names into our order ids and the partner's references ("ref:..."). */
export function splitIds(ids: readonly string[]): { orderIds: string[]; refs: string[] } {
  const refs = ids.filter((id) => id.startsWith("ref:")).map((id) => id.slice(4));
  return { orderIds: ids.filter((id) => !id.startsWith("ref:")), refs };
}

/** Our records read chunk by chunk through a keyset query (`keyset`), each row made a record by `map`. */
export async function* recordsInChunks<Row extends { id: number }, Out>(
  read: (after: number) => Promise<Row[]>,
  map: (row: Row) => Out,
): AsyncGenerator<Out[]> {
  for await (const chunk of keyset(read)) yield chunk.map(map);
}

/** Pages through a keyset query until it answers fewer rows than a chunk. */
export async function* keyset<Row extends { id: number }>(
  read: (after: number) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < CHUNK) return;
    after = rows[rows.length - 1]!.id;
  }
}
