"use server";

import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { confirmSecondApproval, declineSecondApproval } from "@/lib/domain/approvals/second-approval";
import type { Staff } from "@/lib/domain/audit/record-audit";
import { actionUser, type ActionState } from "@/lib/edge/auth/action-user";
import { describeRefusal } from "@/lib/edge/console/action-error";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { prisma } from "@/lib/base/db/prisma";
import { formatMoney } from "@/lib/base/money/format-money";
import { parseAmountInput } from "@/lib/base/money/parse-amount-input";

/**
 * Deposit approvals under the four-eyes rule (the lifecycle table's fourEyes): the first approval, which
 * completes a deposit or, where a second admin is needed, proposes it; and the second admin's confirm or
 * decline. Words in the operator's language; the domain decides who may.
 */
async function asStaff(form: FormData, roles: ("ADMIN" | "DEALER")[], work: (id: number, staff: Staff, t: ConsoleMessages) => Promise<string>): Promise<ActionState> {
  const t = await consoleMessages();
  const user = await actionUser(roles);
  if (!user) return { error: t.approvals.refused.role };
  const id = Number(form.get("id"));
  if (!Number.isInteger(id)) return { error: t.approvals.refused.unknownTransaction };
  try {
    return { ok: await work(id, { userId: user.id, label: user.email, dealerId: user.role === "DEALER" ? (user.dealerId ?? -1) : null }, t) };
  } catch (error) {
    const text = describeRefusal(error, t);
    if (text === null) throw error;
    return { error: t.approvals.refused.conflict(text) };
  }
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim() || undefined;

/** Approve (or, late, complete) a deposit with the amount received: done at once, or proposed for a second admin. */
export async function approveOrProposeDepositAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const t = await consoleMessages();
  const amount = parseAmountInput(String(form.get("amount") ?? ""));
  if (!amount || amount === "0.00") return { error: t.approvals.refused.enterAmount };
  const reason = text(form, "reason");
  const reference = text(form, "reference");
  const requested = await prisma.transaction.findUnique({ where: { id: Number(form.get("id")) || 0 }, select: { amount: true, status: true } });
  // A changed amount is what the customer's page and the provider's callback will show: it needs a reason.
  if (requested && requested.amount.toFixed(2) !== amount && (reason?.length ?? 0) < 3) {
    return { error: t.approvals.refused.needReasonForAmount(formatMoney(amount, t.lang), formatMoney(requested.amount, t.lang)) };
  }
  if (requested?.status === "expired" && (reference?.length ?? 0) < 3) return { error: t.approvals.secondApproval.needReference };
  return asStaff(form, ["ADMIN", "DEALER"], async (id, staff, words) => {
    const decided = await approveDeposit(id, staff, amount, reason, reference);
    return decided.outcome === "proposed" ? words.approvals.secondApproval.proposed(formatMoney(amount, words.lang)) : words.approvals.done.approved(formatMoney(amount, words.lang));
  });
}

/** The second admin confirms a proposal (the form's id is the proposal's). */
export async function confirmSecondApprovalAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return asStaff(form, ["ADMIN"], async (id, staff, words) => {
    const transaction = await confirmSecondApproval(id, staff);
    return words.approvals.secondApproval.confirmed(formatMoney(transaction.finalAmount ?? transaction.amount, words.lang));
  });
}

/** An admin declines a proposal, with a reason (the proposer may withdraw their own). */
export async function declineSecondApprovalAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const reason = text(form, "reason");
  if ((reason?.length ?? 0) < 3) return { error: (await consoleMessages()).approvals.refused.needReason };
  return asStaff(form, ["ADMIN"], async (id, staff, words) => {
    await declineSecondApproval(id, staff, reason!);
    return words.approvals.secondApproval.declined;
  });
}
