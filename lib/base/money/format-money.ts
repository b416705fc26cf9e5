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
