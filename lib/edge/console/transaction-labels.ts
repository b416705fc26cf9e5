import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/**
 * A status in the operator's language with its hint: "pending · waiting" in English, "bekliyor · API:
 * pending" in Turkish. The names of methods, types and actors are in the dictionaries' `labels`.
 */
export function statusLabel(status: TransactionStatus, labels: ConsoleMessages["labels"]): string {
  const hint = labels.statusHint[status];
  return hint ? `${labels.status[status]} · ${hint}` : labels.status[status];
}

/** A status value as sent over the wire, in the console's words ("tamamlandı"); unknown values as sent. */
export function sentStatusLabel(status: string, labels: ConsoleMessages["labels"]): string {
  return labels.status[status as TransactionStatus] ?? status;
}

/** An error code in words where the console knows it, with the code: "timed out (TIMEOUT)". */
export function errorCodeLabel(code: string, labels: ConsoleMessages["labels"]): string {
  const words = labels.errorCode[code];
  return words ? `${words} (${code})` : code;
}
