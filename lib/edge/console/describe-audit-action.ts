import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/**
 * An audit action ("bank_account.update", "user.second_factor.enable") in words: "Bank account: changed" /
 * "Banka hesabı: değiştirildi". The entity is what comes before the first dot, the verb all after it; a
 * transaction's verb is its new status, in the console's status words.
 */
export function describeAuditAction(action: string, t: ConsoleMessages): string {
  const dot = action.indexOf(".");
  const [entity, verb] = dot < 0 ? [action, ""] : [action.slice(0, dot), action.slice(dot + 1)];
  const a = t.domain.audit;
  const verbWord = a.verbs[verb] ?? (t.labels.status as Record<string, string>)[verb] ?? verb;
  return a.action(a.entities[entity] ?? entity, verbWord);
}

/** Whether every part of an action is worded (an action the dictionaries lack shows its parts as recorded). */
export function isWordedAuditAction(action: string, t: ConsoleMessages): boolean {
  const dot = action.indexOf(".");
  if (dot < 0) return false;
  const a = t.domain.audit;
  const verb = action.slice(dot + 1);
  return (
    Object.hasOwn(a.entities, action.slice(0, dot)) &&
    (Object.hasOwn(a.verbs, verb) || Object.hasOwn(t.labels.status, verb))
  );
}

/** An entity type ("callback_delivery") in words. */
export function describeEntity(type: string, t: ConsoleMessages): string {
  return t.domain.audit.entities[type] ?? type.replace(/_/g, " ");
}
