export type MoneyLang = "en" | "tr";

/** The currency word every page uses after an amount: the lira's everyday abbreviation, in both languages. */
export const CURRENCY_WORD = "TL";

// tr-TR groups with a dot and separates decimals with a comma ("1.500,00"); en-GB the other way round.
const FORMATS: Record<MoneyLang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  tr: new Intl.NumberFormat("tr-TR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

type DecimalLike = string | { toFixed: (digits: number) => string };

const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * An amount from the database ("12345.5", a Prisma Decimal) with the language's separators and two decimals.
 * Intl.NumberFormat is given the decimal string itself, which it formats exactly: a float would round sums
 * past 2^53 cents. Anything that is not a decimal is returned as it is.
 */
export function formatAmount(value: DecimalLike, lang: MoneyLang = "en"): string {
  const text = typeof value === "string" ? value.trim() : value.toFixed(2);
  if (!DECIMAL.test(text)) return text;
  return FORMATS[lang].format(text as Intl.StringNumericLiteral);
}

/** "1.500,00 TL" / "1,500.00 TL"; a no-break space keeps the amount and its currency on one line. */
export function formatMoney(value: DecimalLike, lang: MoneyLang = "en"): string {
  return `${formatAmount(value, lang)}\u00a0${CURRENCY_WORD}`;
}

const PLAIN = new Map<string, Intl.NumberFormat>();

/**
 * A decimal with exactly the places it has (a coin amount: "0.00123456", "17.52", "100.00") in the language's
 * format: "17,52" and "100,00" in Turkish. Exact, from the decimal string; anything that is not a decimal is
 * returned as it is.
 */
export function formatDecimal(value: string, lang: MoneyLang = "en"): string {
  const text = value.trim();
  if (!DECIMAL.test(text)) return text;
  const places = Math.min(20, text.split(".")[1]?.length ?? 0);
  const key = `${lang}:${places}`;
  let format = PLAIN.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang === "tr" ? "tr-TR" : "en-GB", {
      minimumFractionDigits: places,
      maximumFractionDigits: places,
    });
    PLAIN.set(key, format);
  }
  return format.format(text as Intl.StringNumericLiteral);
}

/**
 * The lira price of one coin from an order's amount and the coin amount it was quoted at, to two places
 * (half up), in integer arithmetic; null when the coin amount is not a positive decimal.
 */
export function pricePerUnit(amount: string, units: string): string | null {
  const scaled = (v: string, places: number): bigint | null => {
    const m = /^(\d+)(?:\.(\d+))?$/.exec(v.trim());
    if (!m) return null;
    const frac = (m[2] ?? "").padEnd(places, "0").slice(0, places);
    return BigInt(m[1]! + frac);
  };
  const places = Math.max(2, (units.split(".")[1] ?? "").length);
  const a = scaled(amount, places);
  const u = scaled(units, places);
  if (a === null || u === null || u === 0n) return null;
  // a/u lira per coin, in cents: a*100/u, rounded half up.
  const cents = (a * 200n + u) / (2n * u);
  const whole = cents / 100n;
  return `${whole}.${String(cents % 100n).padStart(2, "0")}`;
}
