"use server";

import { resolveAlert } from "@/lib/domain/alerts/resolve-alert";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { matchDepositManually } from "@/lib/domain/approvals/match-deposit-manually";
import { processWithdrawal } from "@/lib/domain/approvals/process-withdrawal";
import { rejectDeposit } from "@/lib/domain/approvals/reject-deposit";
import { sendEibanWithdrawal } from "@/lib/domain/approvals/send-eiban-withdrawal";
import type { Staff } from "@/lib/domain/audit/record-audit";
import { actionUser, type ActionState } from "@/lib/edge/auth/action-user";
import { requireSecondFactor } from "@/lib/edge/auth/second-factor";
import { describeRefusal } from "@/lib/edge/console/action-error";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { prisma } from "@/lib/base/db/prisma";
import { formatMoney } from "@/lib/base/money/format-money";
import { parseAmountInput } from "@/lib/base/money/parse-amount-input";

type Work = (id: number, staff: Staff, form: FormData) => Promise<{ trackingCode?: string; status?: string } | unknown>;
type Done = (words: ConsoleMessages["approvals"]["done"]) => string;

/** Runs one approval step for the signed-in staff member and says in words what happened. */
async function act(form: FormData, work: Work, done: Done): Promise<ActionState> {
  const messages = await consoleMessages();
  const t = messages.approvals;
  const user = await actionUser(["ADMIN", "DEALER"]);
  if (!user) return { error: t.refused.role };
  const secondFactorRefusal = await requireSecondFactor(user);
  if (secondFactorRefusal) return { error: secondFactorRefusal };
  const id = Number(form.get("id"));
  if (!Number.isInteger(id)) return { error: t.refused.unknownTransaction };
  try {
    await work(id, { userId: user.id, label: user.email, dealerId: user.role === "DEALER" ? (user.dealerId ?? -1) : null }, form);
  } catch (error) {
    // A lifecycle refusal is worded in the operator's language; other refusals as the domain words them.
    const text = describeRefusal(error, messages);
    if (text === null) throw error;
    return { error: t.refused.conflict(text) };
  }
  // The page refreshes itself a moment later (ActionForm refreshAfterMs), so this outcome stays readable.
  return { ok: done(t.done) };
}

const reason = (form: FormData) => String(form.get("reason") ?? "").trim() || undefined;

/** Outcomes the customer or the provider reads (rejections, failures, cancels) carry a reason, always. */
const MIN_REASON = 3;
const hasReason = (form: FormData) => (reason(form)?.length ?? 0) >= MIN_REASON;

export async function approveDepositAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const t = await consoleMessages();
  const amount = parseAmountInput(String(form.get("amount") ?? ""));
  if (!amount || amount === "0.00") return { error: t.approvals.refused.enterAmount };
  // A changed amount is what the customer's page and the provider's callback will show: it needs a reason.
  const requested = await prisma.transaction.findUnique({ where: { id: Number(form.get("id")) || 0 }, select: { amount: true } });
  if (requested && requested.amount.toFixed(2) !== amount && !hasReason(form)) {
    return { error: t.approvals.refused.needReasonForAmount(formatMoney(amount, t.lang), formatMoney(requested.amount, t.lang)) };
  }
  return act(form, (id, staff, f) => approveDeposit(id, staff, amount, reason(f)), (done) => done.approved(formatMoney(amount, t.lang)));
}

export async function rejectDepositAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  if (!hasReason(form)) return { error: (await consoleMessages()).approvals.refused.needReason };
  return act(form, (id, staff, f) => rejectDeposit(id, staff, reason(f)), (done) => done.rejected);
}

export async function matchDepositAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return act(form, (id, staff, f) => matchDepositManually(id, Number(f.get("line")), staff), (done) => done.matched);
}

export async function withdrawalStepAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const step = String(form.get("step"));
  if (step === "send") return act(form, (id, staff) => sendEibanWithdrawal(id, staff), (done) => done.sent);
  if (step !== "take" && step !== "complete" && step !== "reject" && step !== "fail" && step !== "cancel") return { error: (await consoleMessages()).approvals.refused.unknownStep };
  if ((step === "reject" || step === "fail" || step === "cancel") && !hasReason(form)) return { error: (await consoleMessages()).approvals.refused.needReason };
  const words = { take: "taken", complete: "paid", reject: "rejected", fail: "failed", cancel: "canceled" } as const;
  return act(form, (id, staff, f) => processWithdrawal(id, step, staff, reason(f)), (done) => done[words[step]]);
}

export async function resolveAlertAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const messages = await consoleMessages();
  const user = await actionUser(["ADMIN", "DEALER"]);
  if (!user) return { error: messages.alerts.roleCannotResolve };
  const id = Number(form.get("id"));
  const resolution = String(form.get("resolution") ?? "").trim();
  if (!Number.isInteger(id)) return { error: messages.alerts.unknown };
  if (resolution.length < 3) return { error: messages.alerts.needNote };
  try {
    await resolveAlert(id, resolution, { userId: user.id, label: user.email, dealerId: user.role === "DEALER" ? (user.dealerId ?? -1) : null });
  } catch (error) {
    const text = describeRefusal(error, messages);
    if (text === null) throw error;
    return { error: text };
  }
  return { ok: messages.alerts.resolved };
}
