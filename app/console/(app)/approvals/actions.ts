"use server";

import { resolveAlert } from "@/lib/alerts/resolve-alert";
import { approveDeposit } from "@/lib/approvals/approve-deposit";
import { matchDepositManually } from "@/lib/approvals/match-deposit-manually";
import { processWithdrawal } from "@/lib/approvals/process-withdrawal";
import { rejectDeposit } from "@/lib/approvals/reject-deposit";
import { sendEibanWithdrawal } from "@/lib/approvals/send-eiban-withdrawal";
import type { Staff } from "@/lib/approvals/staff-actor";
import { actionUser, type ActionState } from "@/lib/auth/action-user";
import { describeRefusal } from "@/lib/console/action-error";
import type { ConsoleMessages } from "@/lib/i18n/console/messages";
import { consoleMessages } from "@/lib/i18n/console/server";
import { amountSchema } from "@/lib/schemas/common";

type Work = (id: number, staff: Staff, form: FormData) => Promise<{ trackingCode?: string; status?: string } | unknown>;
type Done = (words: ConsoleMessages["approvals"]["done"]) => string;

/** Runs one approval step for the signed-in staff member and says in words what happened. */
async function act(form: FormData, work: Work, done: Done): Promise<ActionState> {
  const messages = await consoleMessages();
  const t = messages.approvals;
  const user = await actionUser(["ADMIN", "DEALER"]);
  if (!user) return { error: t.refused.role };
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

export async function approveDepositAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const parsed = amountSchema({ min: "0.01", allowString: true }).safeParse(String(form.get("amount") ?? "").replace(",", "."));
  if (!parsed.success) return { error: (await consoleMessages()).approvals.refused.enterAmount };
  return act(form, (id, staff) => approveDeposit(id, staff, parsed.data), (done) => done.approved(parsed.data));
}

export async function rejectDepositAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return act(form, (id, staff, f) => rejectDeposit(id, staff, reason(f)), (done) => done.rejected);
}

export async function matchDepositAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return act(form, (id, staff, f) => matchDepositManually(id, Number(f.get("line")), staff), (done) => done.matched);
}

export async function withdrawalStepAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const step = String(form.get("step"));
  if (step === "send") return act(form, (id, staff) => sendEibanWithdrawal(id, staff), (done) => done.sent);
  if (step !== "take" && step !== "complete" && step !== "reject" && step !== "fail" && step !== "cancel") return { error: (await consoleMessages()).approvals.refused.unknownStep };
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
