import type { Db } from "@/lib/base/db/prisma";
import { noteColumns, type Note } from "@/lib/base/messages/notes";
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
