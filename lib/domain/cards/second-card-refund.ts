import { prisma, type Db } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";
import { note } from "@/lib/base/messages/notes";
import { loadForStaff, staffActor, type Staff } from "@/lib/domain/approvals/staff-actor";
import { recordAudit } from "@/lib/domain/audit/record-audit";
import { secondPersonOfProposer } from "@/lib/domain/transactions/four-eyes";
import { secondPersonProblem } from "@/lib/domain/transactions/four-eyes-eligibility";
import { noteInHistory } from "@/lib/domain/transactions/history-note";
import { evaluateTransition, lockTransaction } from "@/lib/domain/transactions/transition-transaction";
import type { CardRefund, Transaction } from "@/lib/generated/prisma/client";
import { approvedCents, PROPOSED_REFUND, type CardRefundOutcome } from "./card-refund-records";
import { sendCardRefund } from "./send-card-refund";

/**
 * Four eyes on card refunds above FOUR_EYES_MONEY_OUT_ABOVE (docs/decisions.md, issue 54): the first admin's refund
 * is stored as `proposed`, holding its amount, and nothing is sent to the acquirer; a second admin, under the same
 * eligibility rules as every other four-eyes confirmation, confirms it (it is then sent as any refund is) or any admin
 * declines it (nothing was sent; the amount is free again).
 */

/** The proposal's line in the payment's history and the audit log, in the transaction that stores it. */
export async function recordRefundProposal(
  tx: Db,
  t: Pick<Transaction, "id" | "status">,
  refund: CardRefund,
  staff: Staff,
): Promise<void> {
  const amount = refund.amount.toFixed(2);
  const reason = refund.reason ?? undefined;
  await noteInHistory(
    tx,
    t,
    staffActor(staff),
    note("refundProposed", { proposer: staff.label, amount, refundId: refund.refundId, reason }),
  );
  await recordAudit(tx, staff, {
    action: "transaction.refund_proposed",
    entityType: "transaction",
    entityId: t.id,
    after: { refundId: refund.refundId, amount, ...(reason ? { reason } : {}) },
  });
}

/** What approved refunds of the payment add up to, in cents (outside any lock: for the answer's figures only). */
export function approvedCentsOf(transactionId: number): Promise<bigint> {
  return approvedCents(prisma, transactionId);
}

/** The proposed refund, read under its payment's row lock within the staff member's tenancy. */
async function openProposal(tx: Db, refundId: string, staff: Staff) {
  const found = await tx.cardRefund.findUnique({ where: { refundId } });
  if (!found) throw DomainError.notFound(refusal("transactionNotYours"));
  await loadForStaff(tx, found.transactionId, staff);
  const t = await lockTransaction(tx, found.transactionId);
  const refund = await tx.cardRefund.findUniqueOrThrow({ where: { id: found.id } });
  if (refund.status !== PROPOSED_REFUND)
    throw DomainError.conflict("Not awaiting a second admin", refusal("refundNotProposed", refund));
  return { t, refund };
}

/** The second admin confirms: the refund is sent to the acquirer and recorded as any refund is. */
export async function confirmCardRefund(refundId: string, staff: Staff): Promise<CardRefundOutcome> {
  const { t, refund } = await inTransaction(async (tx) => {
    const { t, refund } = await openProposal(tx, refundId, staff);
    const proposer = {
      proposedBy: refund.actorLabel,
      proposedByUserId: refund.actorUserId,
      proposedViaCli: refund.actorViaCli,
    };
    const why =
      staff.dealerId != null
        ? "only an admin can give the second approval"
        : (secondPersonOfProposer(staff, proposer) ??
          (await secondPersonProblem(tx, staff, { ...proposer, createdAt: refund.createdAt })));
    if (why) throw DomainError.conflict("Second admin needed", refusal("refundSecondPerson", { refundId, why }));
    // The payment must still be one staff may refund (nothing changed it meanwhile): the lifecycle says.
    const verdict = await evaluateTransition(tx, t, { id: t.id, to: "refunded", actor: staffActor(staff) });
    if (!verdict.ok) throw verdict.error;
    const sent = await tx.cardRefund.update({
      where: { id: refund.id },
      data: { status: "pending", attempts: 1, sentAt: new Date() },
    });
    const amount = refund.amount.toFixed(2);
    await noteInHistory(
      tx,
      t,
      staffActor(staff),
      note("refundConfirmed", { proposer: refund.actorLabel, confirmer: staff.label, amount, refundId }),
    );
    await recordAudit(tx, staff, {
      action: "transaction.refund_confirmed",
      entityType: "transaction",
      entityId: t.id,
      after: { refundId, amount, proposedBy: refund.actorLabel },
    });
    return { t, refund: sent };
  });
  return sendCardRefund(refund, t, staff);
}

/** Any admin declines a proposed refund (the proposer may withdraw their own): nothing was sent; the amount is free. */
export async function declineCardRefund(refundId: string, staff: Staff, reason: string): Promise<void> {
  if (staff.dealerId != null) throw DomainError.forbidden("Admins only", refusal("adminsOnlyDecline"));
  await inTransaction(async (tx) => {
    const { t, refund } = await openProposal(tx, refundId, staff);
    await tx.cardRefund.update({ where: { id: refund.id }, data: { status: "declined", errorMessage: reason } });
    const amount = refund.amount.toFixed(2);
    await noteInHistory(
      tx,
      t,
      staffActor(staff),
      note("refundDeclined", { who: staff.label, amount, refundId, reason }),
    );
    await recordAudit(tx, staff, {
      action: "transaction.refund_declined",
      entityType: "transaction",
      entityId: t.id,
      before: { refundId, amount, proposedBy: refund.actorLabel },
      after: { declinedBy: staff.label, reason },
    });
  });
}

/** The refunds awaiting a second admin that the staff member may see, oldest first. */
export function listProposedRefunds(staff: { dealerId?: number | null }) {
  return prisma.cardRefund.findMany({
    where: {
      status: PROPOSED_REFUND,
      ...(staff.dealerId != null ? { transaction: { dealerId: staff.dealerId } } : {}),
    },
    orderBy: { createdAt: "asc" },
    take: 100,
    include: {
      transaction: { select: { id: true, trackingCode: true, amount: true, fullname: true, username: true } },
    },
  });
}
