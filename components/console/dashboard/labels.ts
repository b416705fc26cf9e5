import { METHODS } from "@/lib/domain/payment-methods";
import type { PaymentMethod } from "@/lib/domain/payment-methods";
import { CONSOLE_LOCALES, type ConsoleLang } from "@/lib/edge/i18n/console/lang";

/**
 * Every method, in the registry's fixed order, so a method keeps its colour from one day, page load and user to the
 * next.
 */
export const METHOD_ORDER: readonly PaymentMethod[] = METHODS;

/** "2026-11-22" -> "22 Nov" / "22 Kas": short enough for 30 ticks on a tablet. */
export function shortDay(day: string, lang: ConsoleLang = "en"): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString(CONSOLE_LOCALES[lang], {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}
