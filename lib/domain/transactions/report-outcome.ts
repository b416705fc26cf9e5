import type { AlertKind } from "@/lib/domain/alerts/raise-alert";
import { note } from "@/lib/base/messages/notes";
import type { Db } from "@/lib/base/db/prisma";
import type { Transaction } from "@/lib/generated/prisma/client";
import { noteAndRaiseOnce } from "./history-note";
import { applyTransition, evaluateTransition, lockTransaction, type Transition } from "./transition-transaction";

export type ReportResult = {
  result: "applied" | "duplicate" | "conflict";
  deliveryIds: number[];
  transaction: Transaction;
};

/** A late approval of a failed card payment means money was taken after the customer was told it failed. */
function conflictKind(t: Transaction, to: string): AlertKind {
  return t.method === "CREDIT_CARD" && to === "success" ? "late_card_approval" : "outcome_conflict";
}

/**
 * What a bank, acquirer or gateway reports about a transaction, in the caller's database transaction:
 * applied when the lifecycle allows it; a repeat of what is already recorded changes nothing; anything
 * else (someone decided first, the time ran out, an amount outside the order) is written into the
 * transaction's history as reported-but-not-applied and raised as an alert for staff. Never throws for
 * a refusal, so the reporter gets an answer and does not retry forever.
 */
export async function reportOutcome(
  tx: Db,
  report: Transition & { source: string; reported: string; reportKey?: string },
): Promise<ReportResult> {
  const t = await lockTransaction(tx, report.id);
  if (t.status === report.to) return { result: "duplicate", deliveryIds: [], transaction: t };
  const verdict = await evaluateTransition(tx, t, report);
  if (verdict.ok) {
    const { transaction, deliveryIds } = await applyTransition(tx, t, report, verdict);
    return { result: "applied", deliveryIds, transaction };
  }
  const kind = conflictKind(t, report.to);
  // `reportKey` tells two different reports of the same move apart (two charges approved after the timeout).
  const dedupeKey = `${kind}:${t.id}:${report.source}:${report.to}${report.reportKey ? `:${report.reportKey}` : ""}`;
  const refusal = verdict.error.details.reason!;
  const notApplied = note("notApplied", { source: report.source, reported: report.reported, refusal });
  // The same report again (a reporter retrying) is already in the history and the queue: once is enough.
  await noteAndRaiseOnce(tx, t, report.actor, {
    kind,
    source: report.source,
    message: notApplied,
    alert: kind === "late_card_approval" ? note("lateApproval", { code: t.errorCode ?? "failed" }) : notApplied,
    details: { status: t.status, reported: report.to, amount: report.finalAmount ?? null },
    dedupeKey,
  });
  return { result: "conflict", deliveryIds: [], transaction: t };
}
