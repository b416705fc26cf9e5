"use server";

import { approveDeposit } from "@/lib/approvals/approve-deposit";
import { matchDepositManually } from "@/lib/approvals/match-deposit-manually";
import { processWithdrawal } from "@/lib/approvals/process-withdrawal";
import { rejectDeposit } from "@/lib/approvals/reject-deposit";
import { sendEibanWithdrawal } from "@/lib/approvals/send-eiban-withdrawal";
import type { Staff } from "@/lib/approvals/staff-actor";
import { actionUser, type ActionState } from "@/lib/auth/action-user";
import { ApiError } from "@/lib/http/api-error";
import type { ConsoleMessages } from "@/lib/i18n/console/messages";
import { consoleMessages } from "@/lib/i18n/console/server";
import { amountSchema } from "@/lib/schemas/common";

type Work = (id: number, staff: Staff, form: FormData) => Promise<{ trackingCode?: string; status?: string } | unknown>;
type Done = (words: ConsoleMessages["approvals"]["done"]) => string;

/** Runs one approval step for the signed-in staff member and says in words what happened. */
async function act(form: FormData, work: Work, done: Done): Promise<ActionState> {
  const t = (await consoleMessages()).approvals;
  const user = await actionUser(["ADMIN", "DEALER"]);
  if (!user) return { error: t.refused.role };
  const id = Number(form.get("id"));
  if (!Number.isInteger(id)) return { error: t.refused.unknownTransaction };
  try {
    await work(id, { userId: user.id, label: user.email, dealerId: user.role === "DEALER" ? (user.dealerId ?? -1) : null }, form);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The domain's reason stays as the API words it (it is shared with the API and the CLI).
    const text = (error.body.messages as string[] | undefined)?.join(" ") ?? String(error.body.message);
    return { error: error.status === 409 ? t.refused.conflict(text) : text };
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
  if (step !== "take" && step !== "complete" && step !== "reject" && step !== "fail") return { error: (await consoleMessages()).approvals.refused.unknownStep };
  const words = { take: "taken", complete: "paid", reject: "rejected", fail: "failed" } as const;
  return act(form, (id, staff, f) => processWithdrawal(id, step, staff, reason(f)), (done) => done[words[step]]);
}
