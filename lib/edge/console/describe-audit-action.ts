import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/** An audit action ("bank_account.update") in words: "Bank account: changed" / "Banka hesabı: değiştirildi". */
export function describeAuditAction(action: string, t: ConsoleMessages): string {
  const [entity = action, verb = ""] = action.split(".", 2);
  const a = t.domain.audit;
  const verbWord = a.verbs[verb] ?? t.labels.status[verb as TransactionStatus] ?? verb;
  return a.action(a.entities[entity] ?? entity, verbWord);
}

/** An entity type ("callback_delivery") in words. */
export function describeEntity(type: string, t: ConsoleMessages): string {
  return t.domain.audit.entities[type] ?? type.replace(/_/g, " ");
}
