import { TextField } from "@/components/ui/text-field";
import type { ConsoleLang } from "@/lib/edge/i18n/console/lang";

const PLACEHOLDER: Record<ConsoleLang, string> = { tr: "gg.aa.yyyy", en: "yyyy-mm-dd" };

/** YYYY-MM-DD as a Turkish reader writes it (24.11.2026); English keeps the ISO form. */
function shown(day: string | undefined, lang: ConsoleLang): string {
  if (!day) return "";
  return lang === "tr" ? `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}` : day;
}

/**
 * A day typed as text in the console's format: a native date input shows the browser's format
 * (mm/dd/yyyy in an English browser) on the Turkish console. The filters read both forms (optionalDay).
 */
export function DayField({ label, name, value, lang }: { label: string; name: string; value: string | undefined; lang: ConsoleLang }) {
  return <TextField label={label} name={name} type="text" defaultValue={shown(value, lang)} placeholder={PLACEHOLDER[lang]} inputMode="numeric" autoComplete="off" className="w-36" />;
}
