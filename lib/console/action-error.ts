import type { ActionState } from "@/lib/auth/action-user";
import { DomainError } from "@/lib/errors/domain-error";
import { ApiError } from "@/lib/http/api-error";
import type { ConsoleMessages } from "@/lib/i18n/console/messages";
import type { ActorRole } from "@/lib/payment-methods";

const capitalize = (m: string) => m.charAt(0).toUpperCase() + m.slice(1);

/**
 * A lifecycle refusal in the operator's language: who may make the move instead, or why not now. Other
 * refusals keep the domain's wording (shared with the API and the CLI), one line per rule.
 */
export function describeRefusal(error: unknown, t: ConsoleMessages): string | null {
  if (error instanceof DomainError) {
    const r = error.details.reason;
    if (error.code === "INVALID_TRANSITION" && r) {
      const words = t.lifecycle.refusal;
      if (r.why !== "actor") return words[r.why](r.trackingCode, r.from, r.to);
      const who = (r.allowed as ActorRole[]).map((role) => t.lifecycle.roles[role]).join(` ${t.lifecycle.or} `);
      return words.actor(r.trackingCode, r.from, r.to, who || t.lifecycle.roles.system);
    }
    return (error.details.messages ?? [error.message]).map(capitalize).join("\n");
  }
  if (error instanceof ApiError) return ((error.body.messages as string[] | undefined) ?? [String(error.body.message)]).map(capitalize).join("\n");
  return null;
}

/** A domain refusal as the form's message in words; anything else is a real failure and is thrown on. */
export function actionError(error: unknown, t: ConsoleMessages): ActionState {
  const text = describeRefusal(error, t);
  if (text === null) throw error;
  return { error: text };
}
