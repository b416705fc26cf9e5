"use server";

import { z } from "zod";
import { resolveAlert } from "@/lib/domain/alerts/resolve-alert";
import { matchDepositManually } from "@/lib/domain/approvals/match-deposit-manually";
import { processWithdrawal } from "@/lib/domain/approvals/process-withdrawal";
import { rejectDeposit } from "@/lib/domain/approvals/reject-deposit";
import { sendEibanWithdrawal } from "@/lib/domain/approvals/send-eiban-withdrawal";
import type { Staff } from "@/lib/domain/audit/record-audit";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { describeDecisionRefusal } from "@/lib/edge/console/action-error";
import { consoleAction, isNotFound, type ConsoleAct } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

type Done = (words: ConsoleMessages["approvals"]["done"]) => string;

const STAFF = ["ADMIN", "DEALER"] as const;
const step = z.object({
  id: formField.id,
  reason: formField.text,
  amount: formField.text,
  line: formField.text,
  step: formField.text,
});

/** Runs one approval step for the signed-in staff member and says in words what happened. */
async function act(
  { input, actor, t }: ConsoleAct<z.output<typeof step>>,
  work: (id: number, staff: Staff) => Promise<unknown>,
  done: Done,
): Promise<ActionState> {
  if (input.id === null) return { error: t.approvals.refused.unknownTransaction };
  let result: unknown;
  try {
    result = await work(input.id, actor);
  } catch (error) {
    // Missing or not yours: the frame's one refusal. A lifecycle refusal is worded in the operator's language.
    if (isNotFound(error)) throw error;
    const text = describeDecisionRefusal(error, t);
    if (text === null) throw error;
    return { error: text };
  }
  // Money out above the four-eyes limit was proposed, not done: it goes ahead when another admin confirms it.
  if (isProposal(result)) return { ok: t.approvals.secondApproval.proposedOut };
  // The page refreshes itself a moment later (ActionForm refreshAfterMs), so this outcome stays readable.
  return { ok: done(t.approvals.done) };
}

const reason = (input: { reason: string }) => input.reason.trim() || undefined;

/** A decision stored as a proposal for a second admin (decideOrPropose's outcome, or an E-IBAN send's). */
function isProposal(result: unknown): boolean {
  if (typeof result !== "object" || result === null) return false;
  return ("outcome" in result && result.outcome === "proposed") || ("proposed" in result && result.proposed === true);
}

/** Outcomes the customer or the provider reads (rejections, failures, cancels) carry a reason, always. */
const MIN_REASON = 3;
const hasReason = (input: { reason: string }) => (reason(input)?.length ?? 0) >= MIN_REASON;

export const rejectDepositAction = consoleAction({
  roles: STAFF,
  moneyMove: true,
  schema: step,
  run: async (a) => {
    if (!hasReason(a.input)) return { error: a.t.approvals.refused.needReason };
    return act(
      a,
      (id, staff) => rejectDeposit(id, staff, reason(a.input)),
      (done) => done.rejected,
    );
  },
});

export const matchDepositAction = consoleAction({
  roles: STAFF,
  moneyMove: true,
  schema: step,
  run: (a) =>
    act(
      a,
      (id, staff) => matchDepositManually(id, Number(a.input.line), staff),
      (done) => done.matched,
    ),
});

const WITHDRAWAL_DONE = {
  take: "taken",
  complete: "paid",
  reject: "rejected",
  fail: "failed",
  cancel: "canceled",
} as const;

export const withdrawalStepAction = consoleAction({
  roles: STAFF,
  moneyMove: true,
  schema: step,
  run: async (a) => {
    const s = a.input.step;
    if (s === "send")
      return act(
        a,
        (id, staff) => sendEibanWithdrawal(id, staff),
        (done) => done.sent,
      );
    if (s !== "take" && s !== "complete" && s !== "reject" && s !== "fail" && s !== "cancel")
      return { error: a.t.approvals.refused.unknownStep };
    if ((s === "reject" || s === "fail" || s === "cancel") && !hasReason(a.input))
      return { error: a.t.approvals.refused.needReason };
    return act(
      a,
      (id, staff) => processWithdrawal(id, s, staff, reason(a.input)),
      (done) => done[WITHDRAWAL_DONE[s]],
    );
  },
});

export const resolveAlertAction = consoleAction({
  roles: STAFF,
  revalidate: true,
  schema: z.object({ id: formField.id, resolution: formField.text }),
  run: async ({ input, actor, t }) => {
    const resolution = input.resolution.trim();
    if (input.id === null) return { error: t.alerts.unknown };
    if (resolution.length < 3) return { error: t.alerts.needNote };
    await resolveAlert(input.id, resolution, actor);
    return { ok: t.alerts.resolved };
  },
});
