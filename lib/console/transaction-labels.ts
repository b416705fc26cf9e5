import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import type { ConsoleMessages } from "@/lib/i18n/console/messages";

/**
 * A status as integrators see it (the spec's spelling, the same in callbacks) with what it means to staff
 * when that is not obvious: "pending · waiting". The names of methods, types and actors are in the
 * dictionaries' `labels`.
 */
export function statusLabel(status: TransactionStatus, labels: ConsoleMessages["labels"]): string {
  const hint = labels.statusHint[status];
  return hint ? `${status} · ${hint}` : status;
}
