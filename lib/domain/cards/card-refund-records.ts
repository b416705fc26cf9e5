import { englishNote } from "@/lib/base/messages/english-notes";
import { note, type Note } from "@/lib/base/messages/notes";
import type { Db } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { fromCents, toCents } from "@/lib/base/money/cents";
import { raiseAlert } from "@/lib/domain/alerts/raise-alert";
import { recordAudit, type Actor, type Staff } from "@/lib/domain/audit/record-audit";
import { postCardRefund } from "@/lib/domain/ledger/post-money-event";
import { lockTransaction, transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { noteInHistory } from "@/lib/domain/transactions/history-note";
import { ACQUIRER, staffActor, SYSTEM } from "@/lib/domain/transactions/transition-actor";
import type { CardRefund, Prisma } from "@/lib/generated/prisma/client";
import type { PartnerError } from "@/lib/integrations/connectors/ports";

/**
 * How each refund of a card payment ends, recorded under the payment's row lock (where refunds are reserved)
 * and only from the state it was in: a refund answered, or found by the inquiry, is recorded once however
 * many of them race. States (docs/decisions.md, card refunds): pending -> approved | refused | unknown;
 * unknown -> approved | not_made (by the acquirer's records) | pending (sent again with the same refund id).
 */

export type CardRefundOutcome = {
  trackingCode: string;
  status: string;
  amount: string;
  refundedTotal: string;
  fullyRefunded: boolean;
};

/** The refund's acquirer-side state that holds its amount: a refund being asked, or one without an answer. */
export const OPEN_REFUND_STATES = ["pending", "unknown"] as const;

/**
 * A refund above FOUR_EYES_MONEY_OUT_ABOVE, proposed by one admin and not yet sent: it holds its amount and stops any
 * other refund of the payment until a second admin confirms it (then pending, and sent) or declines it.
 */
export const PROPOSED_REFUND = "proposed";

/** Who the inquiry acts as in the audit log. */
export const REFUND_INQUIRY: Actor = { label: "card-acquirer" };

/**
 * The staff member who asked for the refund: a refund recorded later (found by the inquiry) is still their decision.
 */
export function requesterOf(refund: CardRefund): Staff {
  return {
    userId: refund.actorUserId ?? undefined,
    label: refund.actorLabel,
    dealerId: refund.actorDealerId,
    viaCli: refund.actorViaCli,
  };
}

export function unknownRefundAlertKey(refundId: string): string {
  return `refund_unknown:${refundId}`;
}

/**
 * What is already given back or may have been, in cents: approved refunds, and proposed, pending or unknown ones, hold
 * their amounts. Read under the payment's row lock, where refunds are reserved.
 */
export async function heldCents(tx: Db, transactionId: number): Promise<bigint> {
  const rows = await tx.cardRefund.findMany({
    where: { transactionId, status: { in: ["approved", PROPOSED_REFUND, ...OPEN_REFUND_STATES] } },
    select: { amount: true },
  });
  return rows.reduce((sum, r) => sum + toCents(r.amount.toFixed(2))!, 0n);
}

/** What approved refunds of the payment add up to, in cents. */
export async function approvedCents(tx: Db, transactionId: number): Promise<bigint> {
  const rows = await tx.cardRefund.findMany({ where: { transactionId, status: "approved" }, select: { amount: true } });
  return rows.reduce((sum, r) => sum + toCents(r.amount.toFixed(2))!, 0n);
}

/**
 * The refund is settled: its unknown-refund alert, if any, is resolved with what became of it (worded from the note).
 */
async function closeUnknownAlert(tx: Db, refundId: string, by: string, outcome: Note): Promise<void> {
  const open = await tx.alert.findMany({
    where: { dedupeKey: unknownRefundAlertKey(refundId), resolvedAt: null },
    select: { id: true, details: true },
  });
  for (const alert of open) {
    const details = {
      ...((alert.details as Record<string, unknown> | null) ?? {}),
      resolutionNote: outcome,
    } as Prisma.InputJsonObject;
    await tx.alert.updateMany({
      where: { id: alert.id, resolvedAt: null },
      data: { resolvedAt: new Date(), resolvedBy: by, resolution: englishNote(outcome), details },
    });
  }
}

/**
 * The acquirer made the refund (its answer, or its records found by the inquiry): approved, posted to the
 * ledger, written into the payment's history as the requester's decision, and the payment refunded when the
 * approved refunds reach its amount. Null when the refund was settled meanwhile (nothing recorded twice).
 */
export async function recordRefundMade(
  refund: CardRefund,
  partnerReference: string | null,
  auditor: Actor,
  foundBy: "answer" | "inquiry",
): Promise<CardRefundOutcome | null> {
  return inTransaction(async (tx) => {
    const current = await lockTransaction(tx, refund.transactionId);
    const { count } = await tx.cardRefund.updateMany({
      where: { id: refund.id, status: { in: [...OPEN_REFUND_STATES] } },
      data: {
        status: "approved",
        partnerReference,
        errorCode: null,
        errorMessage: null,
        ...(foundBy === "inquiry" ? { checkedAt: new Date() } : {}),
      },
    });
    if (count === 0) return null;
    const amount = refund.amount.toFixed(2);
    // The approved refund is a money event of its own (partial or full), under the payment's lock.
    await postCardRefund(tx, { id: refund.id, amount }, current);
    const approved = await approvedCents(tx, current.id);
    const refundedTotal = fromCents(approved);
    const full = approved >= toCents(current.amount.toFixed(2))!;
    await recordAudit(tx, auditor, {
      action: "transaction.refund",
      entityType: "transaction",
      entityId: current.id,
      after: {
        refundId: refund.refundId,
        amount,
        refundedTotal,
        partnerReference,
        ...(foundBy === "inquiry" ? { foundBy } : {}),
      },
    });
    const actor = staffActor(requesterOf(refund));
    const reason = refund.reason ?? undefined;
    await closeUnknownAlert(
      tx,
      refund.refundId,
      auditor.label,
      full ? note("refunded", { reason }) : note("partialRefund", { amount, reason }),
    );
    if (full) {
      const { transaction } = await transitionTransaction(tx, {
        id: current.id,
        to: "refunded",
        actor,
        note: note("refunded", { reason }),
        data: { outcomeReason: refund.reason },
      });
      return {
        trackingCode: transaction.trackingCode,
        status: transaction.status,
        amount,
        refundedTotal,
        fullyRefunded: true,
      };
    }
    await noteInHistory(tx, current, actor, note("partialRefund", { amount, reason }));
    return { trackingCode: current.trackingCode, status: current.status, amount, refundedTotal, fullyRefunded: false };
  });
}

/** The acquirer refused the refund: its amount is free again; the attempt and its reason are audited. */
export async function recordRefundRefused(refund: CardRefund, error: PartnerError, auditor: Actor): Promise<boolean> {
  return inTransaction(async (tx) => {
    await lockTransaction(tx, refund.transactionId);
    const { count } = await tx.cardRefund.updateMany({
      where: { id: refund.id, status: "pending" },
      data: { status: "refused", errorCode: error.code, errorMessage: error.message },
    });
    if (count === 0) return false;
    await recordAudit(tx, auditor, {
      action: "transaction.refund_refused",
      entityType: "transaction",
      entityId: refund.transactionId,
      after: { refundId: refund.refundId, amount: refund.amount.toFixed(2), code: error.code, message: error.message },
    });
    await closeUnknownAlert(
      tx,
      refund.refundId,
      auditor.label,
      note("refundNotMade", { amount: refund.amount.toFixed(2), refundId: refund.refundId }),
    );
    return true;
  });
}

/**
 * The call got no answer (a timeout, a dropped connection, an answer that could not be read, a process that
 * stopped mid-call): the acquirer may have made the refund. It stays held as unknown, is written into the
 * payment's history and raised for staff until the inquiry settles it; no other refund of the payment is
 * asked meanwhile.
 */
export async function markRefundUnknown(refund: CardRefund, why: string, auditor: Actor): Promise<boolean> {
  return inTransaction(async (tx) => {
    const payment = await lockTransaction(tx, refund.transactionId);
    const { count } = await tx.cardRefund.updateMany({
      where: { id: refund.id, status: "pending" },
      data: { status: "unknown", errorCode: null, errorMessage: why.slice(0, 500) },
    });
    if (count === 0) return false;
    const amount = refund.amount.toFixed(2);
    await recordAudit(tx, auditor, {
      action: "transaction.refund_unknown",
      entityType: "transaction",
      entityId: payment.id,
      after: { refundId: refund.refundId, amount, attempt: refund.attempts, error: why },
    });
    const unknown = note("refundUnknown", { amount, refundId: refund.refundId });
    await noteInHistory(tx, payment, SYSTEM, unknown);
    await raiseAlert(tx, {
      kind: "refund_unknown",
      source: "card-acquirer",
      transaction: payment,
      message: unknown,
      details: { refundId: refund.refundId, amount },
      dedupeKey: unknownRefundAlertKey(refund.refundId),
    });
    return true;
  });
}

/** The acquirer's records show no such refund (and it was sent long enough ago): not made, its amount free again. */
export async function recordRefundNotMade(refund: CardRefund, auditor: Actor): Promise<boolean> {
  return inTransaction(async (tx) => {
    const payment = await lockTransaction(tx, refund.transactionId);
    const { count } = await tx.cardRefund.updateMany({
      where: { id: refund.id, status: "unknown" },
      data: { status: "not_made", checkedAt: new Date() },
    });
    if (count === 0) return false;
    const notMade = note("refundNotMade", { amount: refund.amount.toFixed(2), refundId: refund.refundId });
    await recordAudit(tx, auditor, {
      action: "transaction.refund_not_made",
      entityType: "transaction",
      entityId: payment.id,
      after: { refundId: refund.refundId, amount: refund.amount.toFixed(2) },
    });
    await noteInHistory(tx, payment, ACQUIRER, notMade);
    await closeUnknownAlert(tx, refund.refundId, auditor.label, notMade);
    return true;
  });
}
