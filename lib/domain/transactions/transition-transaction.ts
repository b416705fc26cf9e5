import { recordAudit } from "@/lib/domain/audit/record-audit";
import { noteColumns, type Note } from "@/lib/base/messages/notes";
import { enqueueTransactionCallback } from "@/lib/domain/callbacks/enqueue-transaction-callback";
import type { Db } from "@/lib/base/db/prisma";
import { DomainError, type TransitionRefusal } from "@/lib/base/errors/domain-error";
import type { Prisma, SecondApproval, Transaction, TransactionStatus } from "@/lib/generated/prisma/client";
import { actorsFor, lifecycleOf, ruleFor, type Lifecycle, type TransitionRule } from "@/lib/domain/payment-methods";
import { compareDecimal } from "@/lib/base/money/compare-decimal";
import {
  closeAsConfirmed,
  needsFourEyes,
  openProposal,
  secondApproverProblem,
  supersedeOpenProposals,
} from "./four-eyes";
import { secondPersonProblem } from "./four-eyes-eligibility";
import { historyActor, type TransitionActor } from "./transition-actor";
import { refusal } from "@/lib/base/messages/errors";
import { postTransactionEvent } from "@/lib/domain/ledger/post-money-event";
import { MAX_CARD_ATTEMPTS } from "./lifecycle";
import { countTransitionAfterCommit } from "./count-transactions";
import { readStatus } from "@/lib/domain/payment-methods/status-reading";

export type { TransitionActor } from "./transition-actor";

/** Fields a transition may write besides the status; the amount goes through `finalAmount` and its rule. */
type TransitionData = Omit<
  Prisma.TransactionUncheckedUpdateManyInput,
  | "status"
  | "amount"
  | "finalAmount"
  | "id"
  | "trackingCode"
  | "dealerId"
  | "providerId"
  | "siteId"
  | "direction"
  | "origin"
>;

export type Transition = {
  id: number;
  to: TransactionStatus;
  actor: TransitionActor;
  /** The history note (a key of lib/base/messages/notes.ts and its parameters). */
  note?: Note;
  data?: TransitionData;
  /** The amount settled, where the rule lets this actor set it (staff's received amount, a gateway's). */
  finalAmount?: string;
  /** The bank's incoming payment that proves the money arrived, for rules that need one. */
  bankLineId?: number;
  /** The bank's reference of the payment, for rules that need one (a late completion). */
  reference?: string;
  /** The open proposal this admin confirms as the second person, for moves that need four eyes. */
  secondApprovalId?: number;
  requestId?: string;
};

type Allowed = {
  ok: true;
  lifecycle: Lifecycle;
  rule: TransitionRule;
  finalAmount: string | null;
  bankLineId: number | null;
  proposal?: SecondApproval | null;
};
type Refused = { ok: false; error: DomainError };

/** Locks the transaction's row for the rest of the database transaction: every decision on it queues here. */
export async function lockTransaction(tx: Db, id: number): Promise<Transaction> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM transactions WHERE id = ${id} FOR UPDATE`;
  const t = rows.length ? await tx.transaction.findUnique({ where: { id } }) : null;
  if (!t) throw DomainError.notFound(refusal("transactionMissing"));
  return t;
}

function refuse(t: Transaction, transition: Transition, why: TransitionRefusal["why"], detail: string): Refused {
  const lifecycle = lifecycleOf(t);
  const allowed = lifecycle ? actorsFor(lifecycle, t.status, transition.to) : [];
  const reason: TransitionRefusal = {
    trackingCode: t.trackingCode,
    from: t.status,
    to: transition.to,
    actor: transition.actor.role,
    allowed,
    why,
  };
  return {
    ok: false,
    error: DomainError.invalidTransition(
      refusal("transitionRefused", { trackingCode: t.trackingCode, status: t.status, detail }),
      reason,
    ),
  };
}

const ROLE_WORDS: Record<TransitionActor["role"], string> = {
  customer: "the customer",
  admin: "an admin",
  dealer_staff: "dealer staff",
  bank: "the bank",
  acquirer: "the acquirer",
  gateway: "the gateway",
  expiry: "the expiry job",
  system: "the service",
};

/**
 * Whether the lifecycle table lets this actor make this move now: the rule, then its guard, the binding
 * of a gateway to its transactions, and where the final amount may come from. Reads only; the caller
 * holds the row lock.
 */
export async function evaluateTransition(tx: Db, t: Transaction, transition: Transition): Promise<Allowed | Refused> {
  const { actor } = transition;
  if (actor.role === "dealer_staff" && t.dealerId !== actor.staff.dealerId)
    throw DomainError.notFound(refusal("transactionNotYours"));
  const lifecycle = lifecycleOf(t);
  if (!lifecycle) return refuse(t, transition, "no_move", "no lifecycle is defined for it.");
  const rule = ruleFor(lifecycle, t.status, transition.to, actor.role);
  if (!rule) {
    const allowed = actorsFor(lifecycle, t.status, transition.to);
    return allowed.length === 0
      ? refuse(t, transition, "no_move", `it cannot become ${transition.to} from there.`)
      : refuse(
          t,
          transition,
          "actor",
          `only ${allowed.map((r) => ROLE_WORDS[r]).join(" or ")} can make it ${transition.to}, not ` +
            `${ROLE_WORDS[actor.role]}.`,
        );
  }
  if (
    rule.guard === "unsent" &&
    (await tx.transfer.findUnique({ where: { transactionId: t.id }, select: { id: true } }))
  ) {
    return refuse(t, transition, "guard", "its transfer was sent to the bank; only the bank's outcome decides it now.");
  }
  if (rule.guard === "before_expiry" && t.expiresAt && t.expiresAt <= new Date()) {
    return refuse(t, transition, "guard", "its time ran out; it can no longer be handed over.");
  }
  if (
    rule.guard === "retry_left" &&
    ((t.expiresAt && t.expiresAt <= new Date()) ||
      (await tx.cardAttempt.count({ where: { transactionId: t.id } })) >= MAX_CARD_ATTEMPTS)
  ) {
    return refuse(
      t,
      transition,
      "guard",
      `its time ran out or it was tried ${MAX_CARD_ATTEMPTS} times; it cannot stay open for another card.`,
    );
  }
  if (actor.role === "gateway") {
    const bound = typeof transition.data?.gatewayId === "number" ? transition.data.gatewayId : t.gatewayId;
    if (bound !== actor.gatewayId) return refuse(t, transition, "binding", `it is not bound to gateway ${actor.code}.`);
  }
  const verdict = await checkAmount(tx, t, transition, lifecycle, rule);
  return verdict.ok ? checkPeople(tx, t, transition, verdict) : verdict;
}

/**
 * Maximum per transaction of the account that owns the transaction: the provider's, or the dealer's for dealer-origin
 * ones.
 */
async function accountMaximum(tx: Db, t: Transaction): Promise<{ owner: "provider" | "dealer"; max: string }> {
  if (t.providerId !== null) {
    const provider = await tx.provider.findUniqueOrThrow({
      where: { id: t.providerId },
      select: { maxTransactionAmount: true },
    });
    return { owner: "provider", max: provider.maxTransactionAmount.toFixed(2) };
  }
  const dealer = await tx.dealer.findUniqueOrThrow({
    where: { id: t.dealerId },
    select: { maxTransactionAmount: true },
  });
  return { owner: "dealer", max: dealer.maxTransactionAmount.toFixed(2) };
}

/**
 * The people a move needs besides its actor: the bank's reference where the rule asks for it, and, where
 * the rule asks for four eyes, an open proposal by someone else that this admin confirms as it was made.
 */
async function checkPeople(
  tx: Db,
  t: Transaction,
  transition: Transition,
  allowed: Allowed,
): Promise<Allowed | Refused> {
  const { rule } = allowed;
  if (rule.evidence === "bank_reference" && (transition.reference?.trim().length ?? 0) < 3) {
    return refuse(t, transition, "reference", "it completes only with the bank's reference of the payment.");
  }
  // A confirmation is checked and closed even where the customer's amount change made it unnecessary.
  if (!needsFourEyes(rule, t.amount.toFixed(2), allowed.finalAmount) && transition.secondApprovalId === undefined)
    return allowed;
  const proposal = await openProposal(tx, t.id, transition.secondApprovalId);
  if (!proposal)
    return refuse(
      t,
      transition,
      "four_eyes",
      "it needs a second admin: it is proposed first, then an admin other than the proposer confirms it.",
    );
  // A move that sets no amount of its own (money out) is confirmed for the amount it moves: the requested one.
  const problem = secondApproverProblem(
    transition.actor,
    proposal,
    transition.to,
    allowed.finalAmount ?? t.amount.toFixed(2),
    transition.reference?.trim(),
  );
  if (problem) return refuse(t, transition, "four_eyes", `${problem}.`);
  // Another admin, confirming what was proposed: their account must be eligible as the second person.
  const ineligible =
    transition.actor.role === "admin" ? await secondPersonProblem(tx, transition.actor.staff, proposal) : null;
  return ineligible ? refuse(t, transition, "second_person", `${ineligible}.`) : { ...allowed, proposal };
}

async function checkAmount(
  tx: Db,
  t: Transaction,
  transition: Transition,
  lifecycle: Lifecycle,
  rule: TransitionRule,
): Promise<Allowed | Refused> {
  const requested = t.amount.toFixed(2);
  const given = transition.finalAmount;
  switch (rule.amount) {
    case undefined:
      if (given !== undefined && compareDecimal(given, requested) !== 0)
        return refuse(t, transition, "amount", "its amount cannot change on this move.");
      return { ok: true, lifecycle, rule, finalAmount: null, bankLineId: null };
    case "staff": {
      if (given !== undefined && compareDecimal(given, "0.01") < 0)
        throw DomainError.validation([refusal("receivedPositive")]);
      // A typed amount is bounded like a created one: by the owning account's maximum per transaction.
      const { owner, max } = await accountMaximum(tx, t);
      if (given !== undefined && compareDecimal(given, max) > 0)
        throw DomainError.validation([refusal("receivedOverMax", { amount: given, max, owner })]);
      return { ok: true, lifecycle, rule, finalAmount: given ?? requested, bankLineId: null };
    }
    case "gateway":
      if (given !== undefined && (compareDecimal(given, "0.01") < 0 || compareDecimal(given, requested) > 0)) {
        return refuse(
          t,
          transition,
          "amount",
          `the reported amount ${given} is outside the order (0.01 to ${requested}).`,
        );
      }
      return { ok: true, lifecycle, rule, finalAmount: given ?? requested, bankLineId: null };
    case "bank_line": {
      const line =
        transition.bankLineId === undefined
          ? null
          : await tx.eibanTransaction.findUnique({ where: { id: transition.bankLineId } });
      if (
        !line ||
        line.walletId !== t.eibanWalletId ||
        line.direction !== "incoming" ||
        line.matchedTransactionId !== null
      ) {
        return refuse(
          t,
          transition,
          "evidence",
          "it completes only with an unmatched incoming payment on its own E-IBAN account.",
        );
      }
      return { ok: true, lifecycle, rule, finalAmount: line.amount.toFixed(2), bankLineId: line.id };
    }
  }
}

/** Writes an allowed transition: the status (still guarded on the one read), history, audit, outbox. */
export async function applyTransition(tx: Db, t: Transaction, transition: Transition, allowed: Allowed) {
  if (allowed.bankLineId !== null) {
    const { count } = await tx.eibanTransaction.updateMany({
      where: { id: allowed.bankLineId, matchedTransactionId: null },
      data: { matchedTransactionId: t.id },
    });
    if (count === 0) throw DomainError.conflict("Already matched", refusal("alreadyMatched"));
  }
  // Who cancels is kept with the status: the console reads a deposit canceled by staff as rejected, by its gateway as
  // declined.
  const canceledBy = transition.to === "canceled" ? { canceledBy: historyActor(transition.actor).actorType } : {};
  const { count } = await tx.transaction.updateMany({
    where: { id: t.id, status: t.status },
    data: {
      ...transition.data,
      ...(allowed.finalAmount !== null ? { finalAmount: allowed.finalAmount } : {}),
      ...canceledBy,
      status: transition.to,
    },
  });
  if (count === 0) throw refuse(t, transition, "no_move", "it changed while this was being decided.").error;
  const proposal = allowed.proposal ?? null;
  if (
    proposal &&
    !(transition.actor.role === "admin" && (await closeAsConfirmed(tx, proposal, transition.actor.staff)))
  ) {
    throw refuse(t, transition, "four_eyes", "its proposal was decided while this was being decided.").error;
  }
  await supersedeOpenProposals(tx, t.id, transition.to);
  const transaction = await tx.transaction.findUniqueOrThrow({ where: { id: t.id } });
  // The money event of the move, if it is the one the flow posts on: in this database transaction, after the
  // guarded update, so the ledger and the status commit or roll back together (docs/ledger.md).
  const { ledger } = allowed.lifecycle;
  if (ledger.on === transition.to) await postTransactionEvent(tx, transaction, ledger.event);
  await tx.transactionEvent.create({
    data: {
      transactionId: t.id,
      fromStatus: t.status,
      toStatus: transition.to,
      ...historyActor(transition.actor),
      ...(transition.note ? noteColumns(transition.note) : {}),
    },
  });
  if (transition.actor.role === "admin" || transition.actor.role === "dealer_staff") {
    await recordAudit(tx, transition.actor.staff, {
      // In the console's status words: a deposit staff cancel is filed as transaction.rejected (its status stays
      // canceled).
      action: `transaction.${readStatus(transition.to, t.direction, historyActor(transition.actor).actorType)}`,
      entityType: "transaction",
      entityId: t.id,
      before: { status: t.status },
      after: {
        status: transition.to,
        ...(allowed.finalAmount !== null ? { finalAmount: allowed.finalAmount } : {}),
        ...(transition.note ? { note: transition.note as unknown as Prisma.InputJsonObject } : {}),
        ...(transition.reference ? { bankReference: transition.reference.trim() } : {}),
        // Four eyes: both people are named in the entry of the move itself.
        ...(proposal
          ? {
              proposedBy: proposal.proposedBy,
              confirmedBy: transition.actor.staff.label,
              secondApprovalId: proposal.id,
            }
          : {}),
      },
    });
  }
  const deliveryIds = await enqueueTransactionCallback(tx, transaction, transition.requestId);
  await countTransitionAfterCommit(tx, transaction, transition.to);
  return { transaction, deliveryIds };
}

/**
 * The one way a transaction changes state: the row is locked, the lifecycle table decides whether this
 * actor may make this move now, and the update, its history, its audit entry and its callback (outbox)
 * are written in the caller's database transaction. A refusal is a DomainError (INVALID_TRANSITION)
 * and changes nothing. Returns the deliveries enqueued so the caller can wake the runner after commit.
 */
export async function transitionTransaction(tx: Db, transition: Transition) {
  const t = await lockTransaction(tx, transition.id);
  const verdict = await evaluateTransition(tx, t, transition);
  if (!verdict.ok) throw verdict.error;
  return applyTransition(tx, t, transition, verdict);
}
