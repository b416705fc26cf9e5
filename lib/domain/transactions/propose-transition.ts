import { recordAudit } from "@/lib/domain/audit/record-audit";
import { note, type Note } from "@/lib/base/messages/notes";
import type { Db } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { SecondApproval, Transaction } from "@/lib/generated/prisma/client";
import { applyTransition, evaluateTransition, lockTransaction, type Transition } from "./transition-transaction";
import { noteInHistory } from "./history-note";
import { refusal } from "@/lib/base/messages/errors";

export type Decided =
  | { outcome: "applied"; transaction: Transaction; deliveryIds: number[] }
  | { outcome: "proposed"; transaction: Transaction; proposal: SecondApproval; deliveryIds: [] };

/** A proposal's line in the transaction's history. */
export function proposalNote(p: {
  proposedBy: string;
  toStatus: string;
  amount: string;
  bankReference: string | null;
}): Note {
  return note("proposed", {
    proposer: p.proposedBy,
    status: p.toStatus,
    amount: p.amount,
    reference: p.bankReference ?? undefined,
  });
}

/**
 * A staff decision that the table may let happen now or only with a second admin (four eyes): the move
 * is applied when this staff member alone may make it; when the only thing missing is the second admin,
 * it is stored as a proposal instead (who, which move, the amount, the reason and the bank's reference),
 * with a history line and an audit entry, and nothing else changes: no status, no callback. Any other
 * refusal is thrown as the core words it. One transaction has at most one open proposal.
 */
export async function decideOrPropose(tx: Db, transition: Transition & { reason?: string }): Promise<Decided> {
  const t = await lockTransaction(tx, transition.id);
  const verdict = await evaluateTransition(tx, t, transition);
  if (verdict.ok) return { outcome: "applied", ...(await applyTransition(tx, t, transition, verdict)) };
  const { actor } = transition;
  if (
    verdict.error.details.reason?.why !== "four_eyes" ||
    transition.secondApprovalId !== undefined ||
    (actor.role !== "admin" && actor.role !== "dealer_staff")
  )
    throw verdict.error;
  const open = await tx.secondApproval.findUnique({ where: { openFor: t.id } });
  if (open)
    throw DomainError.conflict(
      "Already proposed",
      refusal("alreadyProposed", { trackingCode: t.trackingCode, proposer: open.proposedBy }),
    );
  const amount = transition.finalAmount ?? t.amount.toFixed(2);
  const bankReference = transition.reference?.trim() || null;
  const proposal = await tx.secondApproval.create({
    data: {
      transactionId: t.id,
      openFor: t.id,
      fromStatus: t.status,
      toStatus: transition.to,
      amount,
      reason: transition.reason ?? null,
      bankReference,
      proposedBy: actor.staff.label,
      proposedByUserId: actor.staff.userId ?? null,
      proposedViaCli: actor.staff.viaCli ?? false,
      proposedByDealerId: actor.staff.dealerId ?? null,
    },
  });
  await noteInHistory(
    tx,
    t,
    actor,
    proposalNote({ proposedBy: actor.staff.label, toStatus: transition.to, amount, bankReference }),
  );
  await recordAudit(tx, actor.staff, {
    action: "transaction.second_approval_requested",
    entityType: "transaction",
    entityId: t.id,
    before: { status: t.status, amount: t.amount.toFixed(2) },
    after: {
      proposedStatus: transition.to,
      amount,
      secondApprovalId: proposal.id,
      ...(transition.reason ? { reason: transition.reason } : {}),
      ...(bankReference ? { bankReference } : {}),
    },
  });
  return { outcome: "proposed", transaction: t, proposal, deliveryIds: [] };
}
