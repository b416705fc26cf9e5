import { recordAudit } from "@/lib/domain/audit/record-audit";
import { note, noteColumns, type Note } from "@/lib/base/messages/notes";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { DomainError } from "@/lib/base/errors/domain-error";
import { historyActor } from "@/lib/domain/transactions/transition-actor";
import { lockTransaction, transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { sendEibanWithdrawal } from "./send-eiban-withdrawal";
import { loadForStaff, staffActor, type Staff } from "./staff-actor";
import { refusal } from "@/lib/base/messages/errors";

/** The note of a move made with four eyes: both people, the amount and the bank's reference. */
export function confirmedNote(p: {
  proposedBy: string;
  confirmedBy: string;
  amount: string;
  requested: string;
  bankReference: string | null;
  reason: string | null;
}): Note {
  return note("confirmedByTwo", {
    proposer: p.proposedBy,
    confirmer: p.confirmedBy,
    received: p.amount,
    requested: p.requested,
    reference: p.bankReference ?? undefined,
    reason: p.reason ?? undefined,
  });
}

async function openProposalFor(tx: Parameters<typeof lockTransaction>[0], approvalId: number, staff: Staff) {
  const proposal = await tx.secondApproval.findUnique({ where: { id: approvalId } });
  if (!proposal) throw DomainError.notFound(refusal("proposalMissing"));
  // Tenancy first: dealer staff learn nothing about other dealers' proposals.
  const t = await lockTransaction(tx, (await loadForStaff(tx, proposal.transactionId, staff)).id);
  const current = await tx.secondApproval.findUniqueOrThrow({ where: { id: approvalId } });
  if (current.openFor === null)
    throw DomainError.conflict(
      "Already decided",
      refusal("alreadyDecided", {
        trackingCode: t.trackingCode,
        decision: current.decision ?? "decided",
        decider: current.decidedBy ?? "someone",
      }),
    );
  return { proposal: current, t };
}

/**
 * The second person confirms a proposal: the move happens through the lifecycle core, which checks that
 * this is an admin other than the proposer and that the move and amount are the proposal's; the history
 * and the audit name both people, and the callback the table owes goes out. An E-IBAN withdrawal proposed to
 * be sent is taken and then sent to the bank, as "approve and send" does: the transfer goes out once two admins
 * agreed to it (a send that fails, for want of balance, leaves it taken, to be sent again).
 */
export async function confirmSecondApproval(approvalId: number, staff: Staff) {
  const { transaction } = await inTransaction(async (tx) => {
    const { proposal, t } = await openProposalFor(tx, approvalId, staff);
    const amount = proposal.amount.toFixed(2);
    const changed = amount !== t.amount.toFixed(2);
    return transitionTransaction(tx, {
      id: t.id,
      to: proposal.toStatus,
      actor: staffActor(staff),
      finalAmount: amount,
      reference: proposal.bankReference ?? undefined,
      secondApprovalId: proposal.id,
      note: confirmedNote({
        proposedBy: proposal.proposedBy,
        confirmedBy: staff.label,
        amount,
        requested: t.amount.toFixed(2),
        bankReference: proposal.bankReference,
        reason: proposal.reason,
      }),
      data:
        proposal.toStatus === "completed"
          ? { completedAt: new Date(), outcomeReason: changed ? proposal.reason : null }
          : undefined,
    });
  });
  if (transaction.method === "EIBAN" && transaction.direction === "WITHDRAWAL" && transaction.status === "processing")
    await sendEibanWithdrawal(transaction.id, staff);
  return transaction;
}

/**
 * An admin declines a proposal (the proposer may withdraw their own): nothing about the transaction
 * changes; the proposal is closed with who and why, in the history and the audit. Dealer staff cannot.
 */
export async function declineSecondApproval(approvalId: number, staff: Staff, reason: string) {
  if (staff.dealerId != null) throw DomainError.forbidden("Admins only", refusal("adminsOnlyDecline"));
  return inTransaction(async (tx) => {
    const { proposal, t } = await openProposalFor(tx, approvalId, staff);
    await tx.secondApproval.update({
      where: { id: proposal.id },
      data: {
        openFor: null,
        decision: "declined",
        decidedBy: staff.label,
        decidedByUserId: staff.userId ?? null,
        decidedAt: new Date(),
        declineReason: reason,
      },
    });
    await tx.transactionEvent.create({
      data: {
        transactionId: t.id,
        fromStatus: t.status,
        toStatus: t.status,
        ...historyActor(staffActor(staff)),
        ...noteColumns(note("declinedSecond", { who: staff.label, reason })),
      },
    });
    await recordAudit(tx, staff, {
      action: "transaction.second_approval_declined",
      entityType: "transaction",
      entityId: t.id,
      before: {
        proposedStatus: proposal.toStatus,
        amount: proposal.amount.toFixed(2),
        proposedBy: proposal.proposedBy,
        secondApprovalId: proposal.id,
      },
      after: { declinedBy: staff.label, reason },
    });
    return t;
  });
}

/** Open proposals awaiting a second approval, oldest first, within what this staff member may see. */
export async function listOpenProposals(staff: { dealerId?: number | null }) {
  return prisma.secondApproval.findMany({
    where: { openFor: { not: null }, ...(staff.dealerId != null ? { transaction: { dealerId: staff.dealerId } } : {}) },
    orderBy: { createdAt: "asc" },
    take: 100,
    include: {
      transaction: {
        select: {
          id: true,
          trackingCode: true,
          amount: true,
          status: true,
          fullname: true,
          username: true,
          dealerId: true,
          expiresAt: true,
          direction: true,
          method: true,
          iban: true,
        },
      },
    },
  });
}
