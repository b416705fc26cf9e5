import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/** A field's name as the operator reads it ("maxAmount" -> "en yüksek tutar"); unknown names as they are. */
export function fieldLabel(field: string, t: ConsoleMessages): string {
  return t.domain.fields[field] ?? field;
}
