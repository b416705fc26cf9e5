import { inTransaction } from "@/lib/base/db/transaction";
import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";

/**
 * Runs the backfill again (`ledger_backfill()`, from its migration): writes the entry sets of money events
 * that have none, at their own times, never a second one. After a rolling upgrade an instance of the previous
 * release may have completed a transaction after the migration ran; this posts it. Audited with the count.
 */
export async function runLedgerBackfill(actor: Actor): Promise<{ written: number }> {
  return inTransaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ written: number }[]>`SELECT ledger_backfill() AS written`;
    const written = Number(row?.written ?? 0);
    await recordAudit(tx, actor, { action: "ledger.backfill", entityType: "ledger", after: { written } });
    return { written };
  });
}
