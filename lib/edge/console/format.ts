import { CONSOLE_LOCALES, type ConsoleLang } from "@/lib/edge/i18n/console/lang";
import { formatDateTime } from "@/lib/base/time/format";

/**
 * Console times: the service zone, to the second. English keeps the sortable "YYYY-MM-DD HH:MM:SS" the
 * exports and the docs use; Turkish reads the tr-TR way, "DD.MM.YYYY HH:MM:SS".
 */
export function consoleTime(date: Date | null | undefined, lang: ConsoleLang = "en"): string {
  if (!date) return "—";
  const text = formatDateTime(date);
  return lang === "tr" ? `${text.slice(8, 10)}.${text.slice(5, 7)}.${text.slice(0, 4)} ${text.slice(11)}` : text;
}

/** A calendar day (YYYY-MM-DD) as the language writes it: "2026-11-24" / "24.11.2026". */
export function consoleDay(day: string, lang: ConsoleLang = "en"): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return lang === "tr" ? `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}` : day;
}

/** A whole number with the language's digit grouping: "12,345" / "12.345". */
export function formatCount(value: number, lang: ConsoleLang = "en"): string {
  return value.toLocaleString(CONSOLE_LOCALES[lang]);
}
