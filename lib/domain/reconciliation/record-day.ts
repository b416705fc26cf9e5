import type { Db } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { note } from "@/lib/base/messages/notes";
import { raiseAlert } from "@/lib/domain/alerts/raise-alert";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DayResult } from "./day-matcher";
import type { PartnerAccount } from "./partner-accounts";
import { dayDate } from "./recon-day";
import type { DiscrepancyDraft } from "./recon-types";

/** The alert of a discrepancy: one per discrepancy, however often its day is run. */
export const discrepancyAlertKey = (account: string, day: string, key: string) => `recon:${account}:${day}:${key}`;

/** Resolves the open alerts of the account's day's discrepancies of these keys (resolved with their discrepancy). */
export async function closeDiscrepancyAlerts(
  tx: Db,
  where: { account: string; day: string; keys: readonly string[] },
  by: string,
  resolution: string,
): Promise<void> {
  if (where.keys.length === 0) return;
  await tx.alert.updateMany({
    where: {
      dedupeKey: { in: where.keys.map((k) => discrepancyAlertKey(where.account, where.day, k)) },
      resolvedAt: null,
    },
    data: { resolvedAt: new Date(), resolvedBy: by, resolution },
  });
}

const json = (value: unknown) => (value === null ? null : (JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue));

/** Inserts the discrepancy unless its day already has it (an open one gets the newer view); true when new. */
async function upsertDiscrepancy(tx: Db, account: PartnerAccount, day: string, runId: number, d: DiscrepancyDraft) {
  const ours = json(d.ours);
  const theirs = json(d.theirs);
  const [row] = await tx.$queryRaw<{ id: number; inserted: boolean }[]>`
    INSERT INTO recon_discrepancies (run_id, account, partner, day, kind, record_kind, key, order_id, transaction_id,
      dealer_id, provider_id, gateway_id, amount, currency, ours, theirs, updated_at)
    VALUES (${runId}, ${account.account}, ${account.partner}, ${day}::date, ${d.kind}, ${d.recordKind}, ${d.key},
      ${d.orderId}, ${d.ours?.transactionId ?? null}, ${d.ours?.dealerId ?? account.dealerId},
      ${d.ours?.providerId ?? null}, ${account.gatewayId}, ${d.amount}::numeric, ${d.currency}, ${ours}::jsonb,
      ${theirs}::jsonb, now())
    ON CONFLICT (account, day, key) DO UPDATE SET run_id = EXCLUDED.run_id, kind = EXCLUDED.kind,
      amount = EXCLUDED.amount, currency = EXCLUDED.currency, ours = EXCLUDED.ours, theirs = EXCLUDED.theirs,
      transaction_id = EXCLUDED.transaction_id, updated_at = now()
    WHERE recon_discrepancies.status = 'open'
    RETURNING id, (xmax = 0) AS inserted`;
  return row ?? null;
}

async function alertOf(tx: Db, account: PartnerAccount, day: string, id: number, d: DiscrepancyDraft) {
  const transaction = d.ours?.transactionId
    ? await tx.transaction.findUnique({
        where: { id: d.ours.transactionId },
        select: { id: true, trackingCode: true, dealerId: true, providerId: true },
      })
    : null;
  await raiseAlert(tx, {
    kind: "reconciliation_discrepancy",
    source: `reconciliation:${account.partner}`,
    transaction,
    dealerId: d.ours?.dealerId ?? account.dealerId,
    message: note("reconDiscrepancy", {
      partner: account.label,
      day,
      kind: d.kind,
      record: d.recordKind,
      amount: `${d.amount} ${d.currency}`,
      order: d.orderId ?? "-",
    }),
    details: { discrepancyId: id, account: account.account, day, kind: d.kind, record: d.recordKind },
    dedupeKey: discrepancyAlertKey(account.account, day, d.key),
  });
}

/** Our side of each draft with what staff read of it, looked up again by its ids (the day's records keep none). */
async function withSummaries(account: PartnerAccount, drafts: DiscrepancyDraft[]): Promise<void> {
  const bare = drafts.flatMap((d) => (d.ours && !d.ours.summary ? [d.ours] : []));
  if (bare.length === 0) return;
  const names = bare.flatMap((r) => [...r.ids, ...(r.partnerReference ? [`ref:${r.partnerReference}`] : [])]);
  const found = new Map((await account.ours.lookUp([...new Set(names)])).map((r) => [r.key, r.summary]));
  for (const record of bare) record.summary = found.get(record.key) ?? {};
}

/**
 * Writes a complete run's findings in one transaction: each discrepancy once (a rerun refreshes an open one and
 * adds none), an alert for each new one, open ones the day no longer shows "cleared" (a late record arrived, or
 * ours changed) with their alerts resolved, and the run's figures.
 */
export async function recordDay(account: PartnerAccount, day: string, runId: number, result: DayResult) {
  await withSummaries(account, result.drafts);
  return inTransaction(async (tx) => {
    let newlyFound = 0;
    for (const draft of result.drafts) {
      const row = await upsertDiscrepancy(tx, account, day, runId, draft);
      if (!row?.inserted) continue;
      newlyFound += 1;
      await alertOf(tx, account, day, row.id, draft);
    }
    const keys = result.drafts.map((d) => d.key);
    const cleared = await tx.$queryRaw<{ key: string }[]>`
      UPDATE recon_discrepancies SET status = 'cleared', resolved_at = now(), resolved_by = 'reconciliation',
        reason = 'A later run of the day found both sides agreeing', updated_at = now()
      WHERE account = ${account.account} AND day = ${day}::date AND status IN ('open', 'proposed')
        AND NOT (key = ANY(${keys}::text[]))
      RETURNING key`;
    await closeDiscrepancyAlerts(
      tx,
      { account: account.account, day, keys: cleared.map((c) => c.key) },
      "reconciliation",
      "cleared by a later run of the day",
    );
    const open = await tx.reconDiscrepancy.count({
      where: { account: account.account, day: dayDate(day), status: { in: ["open", "proposed"] } },
    });
    await tx.reconRun.update({
      where: { id: runId },
      data: {
        state: "reconciled",
        partnerRecords: result.partnerRecords,
        ourRecords: result.ourRecords,
        matched: result.matched,
        matchedAmount: result.matchedAmount,
        discrepancies: open,
        error: null,
        nextAttemptAt: null,
        reconciledAt: new Date(),
      },
    });
    return { newlyFound, cleared: cleared.length };
  });
}
