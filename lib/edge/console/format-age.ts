import type { ConsoleLang } from "@/lib/edge/i18n/console/lang";

const UNITS: Record<ConsoleLang, { s: string; min: string; h: string; d: string }> = {
  en: { s: "s", min: "min", h: "h", d: "d" },
  tr: { s: "sn", min: "dk", h: "sa", d: "g" },
};

/** A waiting time in the two largest units that matter to an operator: "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function formatAge(ms: number, lang: ConsoleLang = "en"): string {
  const u = UNITS[lang];
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} ${u.s}`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} ${u.min}`;
  const h = Math.floor(min / 60);
  if (h < 24) return min % 60 ? `${h} ${u.h} ${min % 60} ${u.min}` : `${h} ${u.h}`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} ${u.d} ${h % 24} ${u.h}` : `${d} ${u.d}`;
}
