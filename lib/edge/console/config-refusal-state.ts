import { DomainError } from "@/lib/base/errors/domain-error";
import type { ErrorMessage } from "@/lib/base/messages/errors";
import type { ActionState } from "@/lib/edge/auth/action-user";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { configFieldLabel } from "./connector-words";
import { wordErrorFor } from "./word-error";

/**
 * A connector configuration refused by its schema, as the console form shows it: each refusal names the key by the
 * label the form shows it under (one source of words, t.connectors.fields), at the foot of the form and on the field
 * itself (`fields`, by key). Null for any other error.
 */
export function configRefusalState(error: unknown, t: ConsoleMessages): ActionState | null {
  if (!(error instanceof DomainError) || error.code !== "VALIDATION") return null;
  const fields: Record<string, string> = {};
  const lines = error.refusals.map((r) => {
    const key = (r.params as { field?: unknown }).field;
    if (typeof key !== "string" || key === "") return wordErrorFor(r, t);
    const label = configFieldLabel(key, t);
    // The English rule names the key as the API does ("terminalId must be …"): the form names it by its label.
    const params: Record<string, unknown> = { ...r.params, field: label };
    if (typeof params.rule === "string") params.rule = params.rule.replace(new RegExp(`^${key}\\b`), label);
    const text = wordErrorFor({ ...r, params } as ErrorMessage, t);
    fields[key] = fields[key] ? `${fields[key]} ${text}` : text;
    return text;
  });
  return { error: lines.join("\n"), fields };
}
