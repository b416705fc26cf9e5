/**
 * An amount as a person types it, in either language's way, as a plain decimal with two places
 * ("1.750,50", "1750,50", "1,750.50", "1750.50", "1 750,50 TL" -> "1750.50"); null when it is not one.
 *
 * The last separator followed by one or two digits is the decimal mark; every other dot, comma or space
 * groups thousands and must stand before exactly three digits. A single separator followed by exactly three
 * digits groups ("1.750" is one thousand seven hundred and fifty, as a Turkish reader means it): amounts
 * never have three decimals, so the reading is never in doubt.
 */
export function parseAmountInput(raw: string): string | null {
  const text = raw
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .trim()
    .replace(/^₺\s?/, "")
    .replace(/\s?(?:TL|TRY|₺)$/i, "")
    .trim();
  const match = /^(\d{1,3}(?:[ .,]\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, whole, fraction = ""] = match;
  const separators = new Set(whole!.replace(/\d/g, ""));
  // Grouping uses one kind of mark, and the decimal mark (if any) must be a different one.
  if (separators.size > 1) return null;
  const decimalMark = fraction ? text.charAt(text.length - fraction.length - 1) : "";
  if (decimalMark && separators.has(decimalMark)) return null;
  const digits = whole!.replace(/\D/g, "");
  return `${BigInt(digits)}.${fraction.padEnd(2, "0")}`;
}
