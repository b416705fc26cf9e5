import type { Db } from "@/lib/base/db/prisma";
import { noteColumns, type Note } from "@/lib/base/messages/notes";
import { raiseAlert, type AlertKind } from "@/lib/domain/alerts/raise-alert";
import type { Transaction } from "@/lib/generated/prisma/client";
import { historyActor, type TransitionActor } from "./transition-actor";

/** A line in a transaction's history that moves no status: who said it and what (a note in the reader's words). */
export async function noteInHistory(
  tx: Db,
  t: Pick<Transaction, "id" | "status">,
  actor: TransitionActor,
  n: Note,
): Promise<void> {
  await tx.transactionEvent.create({
    data: { transactionId: t.id, fromStatus: t.status, toStatus: t.status, ...historyActor(actor), ...noteColumns(n) },
  });
}

/**
 * What was reported about a transaction that moves no status (a report not applied, a second charge, an answer
 * about another order), once: written into its history as `actor`'s and raised for staff (Needs attention) under
 * `dedupeKey`, in `alert`'s words where staff are told more than the history says. Heard again (its key raised
 * before), nothing is written: false.
 */
export async function noteAndRaiseOnce(
  tx: Db,
  t: Transaction,
  actor: TransitionActor,
  finding: {
    kind: AlertKind;
    source: string;
    message: Note;
    alert?: Note;
    details: Record<string, unknown>;
    dedupeKey: string;
  },
): Promise<boolean> {
  if (await tx.alert.findUnique({ where: { dedupeKey: finding.dedupeKey }, select: { id: true } })) return false;
  await noteInHistory(tx, t, actor, finding.message);
  await raiseAlert(tx, {
    kind: finding.kind,
    source: finding.source,
    transaction: t,
    message: finding.alert ?? finding.message,
    details: finding.details,
    dedupeKey: finding.dedupeKey,
  });
  return true;
}
