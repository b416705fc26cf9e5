import type { Db } from "@/lib/base/db/prisma";
import type { Note } from "@/lib/base/messages/notes";
import type { AlertKind } from "@/lib/domain/alerts/raise-alert";
import { noteAndRaiseOnce } from "@/lib/domain/transactions/history-note";
import { ACQUIRER } from "@/lib/domain/transactions/transition-actor";
import type { Transaction } from "@/lib/generated/prisma/client";

/**
 * What the acquirer reported about a card payment that moves no status (a second charge, an answer about
 * another order, more collected than the order): written into the payment's history as the acquirer's and
 * raised once for staff (Needs attention). Heard again (its dedupe key raised before), nothing is written: false.
 */
export async function recordAcquirerFinding(
  tx: Db,
  t: Transaction,
  finding: { kind: AlertKind; message: Note; details: Record<string, unknown>; dedupeKey: string },
): Promise<boolean> {
  return noteAndRaiseOnce(tx, t, ACQUIRER, { ...finding, source: "card-acquirer" });
}
