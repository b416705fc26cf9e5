import type { ActorType, Direction, TransactionStatus } from "@/lib/generated/prisma/enums";
import { readStatus, type StatusReading } from "@/lib/domain/payment-methods/status-reading";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/** A transaction's status in the console's one vocabulary: "rejected" for a deposit staff rejected (API: canceled). */
export function statusWord(
  t: { status: TransactionStatus; direction: Direction; canceledBy?: ActorType | null },
  labels: ConsoleMessages["labels"],
): string {
  return labels.status[readStatus(t.status, t.direction, t.canceledBy)];
}

/**
 * A status word with the API values it stands for, for the status filter's choices: "rejected · API: rejected;
 * deposits: canceled".
 */
export function statusLabel(reading: StatusReading, labels: ConsoleMessages["labels"]): string {
  return `${labels.status[reading]} · ${labels.statusHint[reading]}`;
}

/** An error code in words where the console knows it, with the code: "timed out (TIMEOUT)". */
export function errorCodeLabel(code: string, labels: ConsoleMessages["labels"], message?: string | null): string {
  // Our own codes, then the banks' ISO 8583 two-digit codes in the console's words, then the partner's own message.
  const words = labels.errorCode[code] ?? (/^\d{2}$/.test(code) ? labels.iso8583[code] : undefined);
  if (words) return `${words} (${code})`;
  return message ? `${message} (${code})` : code;
}
