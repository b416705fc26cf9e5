"use server";

import { z } from "zod";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { confirmSecondApproval, declineSecondApproval } from "@/lib/domain/approvals/second-approval";
import { findRequestedAmount } from "@/lib/domain/approvals/deposits-to-decide";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { describeDecisionRefusal } from "@/lib/edge/console/action-error";
import { consoleAction, isNotFound, type ConsoleAct } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import { DomainError } from "@/lib/base/errors/domain-error";
import { formatMoney } from "@/lib/base/money/format-money";
import { parseAmountInput } from "@/lib/base/money/parse-amount-input";

/**
 * Deposit approvals under the four-eyes rule (the lifecycle table's fourEyes): the first approval, which
 * completes a deposit or, where a second admin is needed, proposes it; and the second admin's confirm or
 * decline. Every one goes through the console action frame (session, role, tenant before any read); the
 * domain decides who may.
 */
const fields = z.object({
  id: formField.id,
  amount: formField.text,
  reason: formField.text,
  reference: formField.text,
});
type Act = ConsoleAct<z.output<typeof fields>>;

async function decide({ input, t }: Act, work: (id: number) => Promise<string>): Promise<ActionState> {
  if (input.id === null) return { error: t.approvals.refused.unknownTransaction };
  try {
    return { ok: await work(input.id) };
  } catch (error) {
    // Missing or not yours: the frame's one refusal. A lifecycle refusal is worded in the operator's language;
    // the one that lacks the bank's reference (a late completion) asks for it in the form's own words.
    if (isNotFound(error)) throw error;
    if (error instanceof DomainError && error.details.reason?.why === "reference")
      return { error: t.approvals.secondApproval.needReference };
    const text = describeDecisionRefusal(error, t);
    if (text === null) throw error;
    return { error: text };
  }
}

const trimmed = (value: string) => value.trim() || undefined;

/** Approve (or, late, complete) a deposit with the amount received: done at once, or proposed for a second admin. */
export const approveOrProposeDepositAction = consoleAction({
  roles: ["ADMIN", "DEALER"],
  moneyMove: true,
  schema: fields,
  run: async (a) => {
    const { input, user, actor, t } = a;
    const amount = parseAmountInput(input.amount);
    if (!amount || amount === "0.00") return { error: t.approvals.refused.enterAmount };
    if (input.id === null) return { error: t.approvals.refused.unknownTransaction };
    const reason = trimmed(input.reason);
    const reference = trimmed(input.reference);
    // Read within the staff member's tenancy only (the frame has checked role and tenant): another dealer's
    // transaction is as unknown as a missing one. Which moves need four eyes or the bank's reference is the
    // lifecycle's to say (approveDeposit), not this form's.
    const requested = await findRequestedAmount(user, input.id);
    if (!requested) return { error: t.errors.refused };
    // A changed amount is what the customer's page and the provider's callback will show: it needs a reason.
    if (requested.amount.toFixed(2) !== amount && (reason?.length ?? 0) < 3) {
      return {
        error: t.approvals.refused.needReasonForAmount(
          formatMoney(amount, t.lang),
          formatMoney(requested.amount, t.lang),
        ),
      };
    }
    return decide(a, async (id) => {
      const decided = await approveDeposit(id, actor, amount, reason, reference);
      return decided.outcome === "proposed"
        ? t.approvals.secondApproval.proposed(formatMoney(amount, t.lang))
        : t.approvals.done.approved(formatMoney(amount, t.lang));
    });
  },
});

/** The second admin confirms a proposal (the form's id is the proposal's). */
export const confirmSecondApprovalAction = consoleAction({
  roles: ["ADMIN"],
  moneyMove: true,
  schema: fields,
  run: (a) =>
    decide(a, async (id) => {
      const transaction = await confirmSecondApproval(id, a.actor);
      const amount = formatMoney(transaction.finalAmount ?? transaction.amount, a.t.lang);
      return transaction.direction === "WITHDRAWAL"
        ? a.t.approvals.secondApproval.payout.confirmed(amount)
        : a.t.approvals.secondApproval.confirmed(amount);
    }),
});

/** An admin declines a proposal, with a reason (the proposer may withdraw their own). */
export const declineSecondApprovalAction = consoleAction({
  roles: ["ADMIN"],
  moneyMove: true,
  schema: fields,
  run: async (a) => {
    const reason = trimmed(a.input.reason);
    if ((reason?.length ?? 0) < 3) return { error: a.t.approvals.refused.needReason };
    return decide(a, async (id) => {
      await declineSecondApproval(id, a.actor, reason!);
      return a.t.approvals.secondApproval.declined;
    });
  },
});
