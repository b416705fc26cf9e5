import type { ActionState } from "@/lib/auth/action-user";
import { ApiError } from "@/lib/http/api-error";

/** A domain refusal as the form's message in words, one line per rule; anything else is a real failure. */
export function actionError(error: unknown): ActionState {
  if (!(error instanceof ApiError)) throw error;
  const messages = (error.body.messages as string[] | undefined) ?? [String(error.body.message)];
  return { error: messages.map((m) => m.charAt(0).toUpperCase() + m.slice(1)).join("\n") };
}
