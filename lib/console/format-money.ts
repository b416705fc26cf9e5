import type { ConsoleLang } from "@/lib/i18n/console/lang";

// tr-TR groups with a dot and separates decimals with a comma; en-GB the other way round.
const SEPARATORS: Record<ConsoleLang, { group: string; decimal: string }> = { en: { group: ",", decimal: "." }, tr: { group: ".", decimal: "," } };

/** A decimal string from the database ("12345.5", "-3.00") with thousands separators and two decimals. */
export function formatAmount(value: string, lang: ConsoleLang = "en"): string {
  // String work only: a float would round totals past 2^53 cents and print 0.1 + 0.2 style noise.
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ""] = match;
  const { group, decimal } = SEPARATORS[lang];
  const grouped = whole!.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${grouped}${decimal}${fraction.padEnd(2, "0").slice(0, 2)}`;
}

/** Console money: amounts are TRY throughout the service; the code reads the same in both languages. */
export function formatMoney(value: string, lang: ConsoleLang = "en"): string {
  return `${formatAmount(value, lang)} TRY`;
}
