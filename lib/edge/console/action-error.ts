import type { ActionState } from "@/lib/edge/auth/action-user";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { wordErrorFor } from "./word-error";
import { wordRefusal } from "./word-note";

/**
 * A lifecycle refusal in the operator's language: who may make the move instead, or why not now. Other
 * refusals are the domain's keyed refusals (lib/base/messages/errors.ts), one line per rule, worded from the
 * operator's dictionary.
 */
export function describeRefusal(error: unknown, t: ConsoleMessages): string | null {
  if (error instanceof DomainError) {
    const r = error.details.reason;
    if (error.code === "INVALID_TRANSITION" && r) return wordRefusal(r, t);
    return error.refusals.map((m) => wordErrorFor(m, t)).join("\n");
  }
  return null;
}

/** A domain refusal as the form's message in words; anything else is a real failure and is thrown on. */
export function actionError(error: unknown, t: ConsoleMessages): ActionState {
  const text = describeRefusal(error, t);
  if (text === null) throw error;
  return { error: text };
}

/**
 * A staff decision on a transaction that is no longer where the form found it (decided by someone else, or a
 * second click on a row already decided): said as such, with its status now; other refusals as `conflict`.
 */
export function describeDecisionRefusal(error: unknown, t: ConsoleMessages): string | null {
  const reason = error instanceof DomainError && error.code === "INVALID_TRANSITION" ? error.details.reason : undefined;
  if (reason?.why === "no_move")
    return t.approvals.refused.alreadyDecided(
      reason.trackingCode,
      (t.labels.status as Record<string, string>)[reason.from] ?? reason.from,
    );
  const text = describeRefusal(error, t);
  return text === null ? null : t.approvals.refused.conflict(text);
}
