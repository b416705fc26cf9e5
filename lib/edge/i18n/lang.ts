/** The two languages everything an operator or customer reads is written in. */
export type Lang = "en" | "tr";

export function isLang(value: unknown): value is Lang {
  return value === "en" || value === "tr";
}

/** Accept-Language entries by preference (q-values honoured, q=0 dropped), as two-letter codes. */
function preferred(acceptLanguage: string): string[] {
  return acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { code: tag.trim().slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.code && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.code);
}

/**
 * The one language picker of console and customer pages: an explicit choice (the console's cookie, a payment
 * page's ?lang=) wins; otherwise the browser's most preferred of the two languages; English by default, so an
 * English (or any other) browser gets the pages it always had.
 */
export function pickLang(chosen: string | null | undefined, acceptLanguage: string | null): Lang {
  if (isLang(chosen)) return chosen;
  const known = preferred(acceptLanguage ?? "").find(isLang);
  return known ?? "en";
}
