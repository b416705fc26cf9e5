"use server";

import { approveDeposit } from "@/lib/approvals/approve-deposit";
import { matchDepositManually } from "@/lib/approvals/match-deposit-manually";
import { processWithdrawal } from "@/lib/approvals/process-withdrawal";
import { rejectDeposit } from "@/lib/approvals/reject-deposit";
import { sendEibanWithdrawal } from "@/lib/approvals/send-eiban-withdrawal";
import type { Staff } from "@/lib/approvals/staff-actor";
import { actionUser, type ActionState } from "@/lib/auth/action-user";
import { ApiError } from "@/lib/http/api-error";
import { amountSchema } from "@/lib/schemas/common";

type Work = (id: number, staff: Staff, form: FormData) => Promise<{ trackingCode?: string; status?: string } | unknown>;

/** Runs one approval step for the signed-in staff member and says in words what happened. */
async function act(form: FormData, work: Work, done: string): Promise<ActionState> {
  const user = await actionUser(["ADMIN", "DEALER"]);
  if (!user) return { error: "Your role cannot process transactions." };
  const id = Number(form.get("id"));
  if (!Number.isInteger(id)) return { error: "Unknown transaction." };
  try {
    await work(id, { userId: user.id, label: user.email, dealerId: user.role === "DEALER" ? (user.dealerId ?? -1) : null }, form);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const text = (error.body.messages as string[] | undefined)?.join(" ") ?? String(error.body.message);
    return { error: error.status === 409 ? `Not done: ${text} Someone else may have handled it; the list is refreshed.` : text };
  }
  // The page refreshes itself a moment later (ActionForm refreshAfterMs), so this outcome stays readable.
  return { ok: done };
}

export async function approveDepositAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const parsed = amountSchema({ min: "0.01", allowString: true }).safeParse(String(form.get("amount") ?? "").replace(",", "."));
  if (!parsed.success) return { error: "Enter the amount received, e.g. 1500.00." };
  return act(form, (id, staff) => approveDeposit(id, staff, parsed.data), `Approved with ${parsed.data} TRY; the provider is being notified.`);
}

export async function rejectDepositAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return act(form, (id, staff, f) => rejectDeposit(id, staff, String(f.get("reason") ?? "").trim() || undefined), "Rejected; the provider is being notified.");
}

export async function matchDepositAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return act(form, (id, staff, f) => matchDepositManually(id, Number(f.get("line")), staff), "Matched and completed.");
}

export async function withdrawalStepAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const step = String(form.get("step"));
  if (step === "send") return act(form, (id, staff) => sendEibanWithdrawal(id, staff), "Sent to the bank; it completes when the bank confirms.");
  if (step !== "take" && step !== "complete" && step !== "reject" && step !== "fail") return { error: "Unknown step." };
  const words = { take: "Taken: it is yours to process.", complete: "Marked paid; the provider is being notified.", reject: "Rejected; the provider is being notified.", fail: "Marked failed; the provider is being notified." };
  return act(form, (id, staff, f) => processWithdrawal(id, step, staff, String(f.get("reason") ?? "").trim() || undefined), words[step]);
}
