import { AMOUNT_PARAMS, FIELD_PARAMS, wordError, type ErrorMessage } from "@/lib/base/messages/errors";
import { formatMoney } from "@/lib/base/money/format-money";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import { fieldLabel } from "./field-label";

/** A refusal's parameter as the operator reads it: money in their format, a field by its name, a status as its word. */
function showParam(t: ConsoleMessages) {
  return (name: string, value: unknown): string => {
    const text = String(value);
    if (AMOUNT_PARAMS.has(name)) return /^\d+(\.\d+)?$/.test(text) ? formatMoney(text, t.lang) : text;
    if (FIELD_PARAMS.has(name)) return text && fieldLabel(text, t);
    if (name === "status") return t.labels.status[text as TransactionStatus] ?? text;
    return text;
  };
}

/** A keyed refusal in the operator's language, capitalised as a sentence. */
export function wordErrorFor(m: ErrorMessage, t: ConsoleMessages): string {
  const text = wordError(m, t.domain.errors, showParam(t));
  return text.charAt(0).toLocaleUpperCase(t.lang === "tr" ? "tr-TR" : "en-GB") + text.slice(1);
}
