import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/base/db/prisma";
import type { LedgerEventKind, LedgerLine } from "@/lib/generated/prisma/enums";
import { accountIds, accountKey, type AccountRef } from "./accounts";
import { isZero, sumAmounts } from "./fee";

/** A fee line's rate as it was applied: stored on the entry so a later rate change never rewrites it. */
export type AppliedRate = { percent: string; fixed: string; scheduleId: number | null };

export type EntryLine = { account: AccountRef; line: LedgerLine; amount: string; rate?: AppliedRate };

export type EntrySet = {
  kind: LedgerEventKind;
  causeId: number;
  transactionId: number | null;
  providerId: number | null;
  dealerId: number;
  /** The event's gross amount, positive. */
  amount: string;
  lines: EntryLine[];
  /** Default: the database transaction's time. The backfill passes the event's own. */
  postedAt?: Date;
  reason?: string;
  recordedBy?: string;
};

/**
 * Writes one entry set in the caller's database transaction, once per cause: the set's row is inserted
 * first with ON CONFLICT (kind, cause_id) DO NOTHING, so a second attempt (a retry, a race that got past
 * the status guard, a crash replay) finds it and writes nothing. Zero lines are left out. A set that does
 * not sum to zero is refused here, and by the database at COMMIT. Returns the set's id, or null when the
 * cause had already posted (or moved no money).
 */
export async function postEntrySet(tx: Db, set: EntrySet): Promise<bigint | null> {
  const lines = set.lines.filter((l) => !isZero(l.amount));
  if (!isZero(sumAmounts(lines.map((l) => l.amount))))
    throw new Error(`${set.kind} ${set.causeId}: entries do not sum to zero`);
  if (lines.length === 0) return null; // no money moved (a zero amount): nothing to post
  const inserted = await tx.$queryRaw<{ id: bigint }[]>`
    INSERT INTO ledger_entry_sets (kind, cause_id, transaction_id, provider_id, dealer_id, amount, posted_at,
      reason, recorded_by)
    VALUES (${set.kind}::"LedgerEventKind", ${set.causeId}, ${set.transactionId}, ${set.providerId},
      ${set.dealerId}, ${set.amount}::numeric,
            COALESCE(${set.postedAt ?? null}::timestamptz, now()), ${set.reason ?? null}, ${set.recordedBy ?? null})
    ON CONFLICT (kind, cause_id) DO NOTHING
    RETURNING id`;
  const setId = inserted[0]?.id;
  if (setId === undefined) return null;
  const ids = await accountIds(
    tx,
    lines.map((l) => l.account),
  );
  const rows = lines.map(
    (l) =>
      Prisma.sql`(${setId}, ${ids.get(accountKey(l.account))!}, ${l.line}::"LedgerLine", ${l.amount}::numeric,
        ${l.rate?.percent ?? null}::numeric, ${l.rate?.fixed ?? null}::numeric, ${l.rate?.scheduleId ?? null}::int)`,
  );
  // posted_at is copied from the set by a trigger (ledger_entries_posted_at).
  await tx.$executeRaw`
    INSERT INTO ledger_entries (set_id, account_id, line, amount, fee_percent, fee_fixed, fee_schedule_id)
    VALUES ${Prisma.join(rows)}`;
  return setId;
}
