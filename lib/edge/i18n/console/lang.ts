export type ConsoleLang = "en" | "tr";

export const CONSOLE_LANGS: readonly ConsoleLang[] = ["en", "tr"];

/** Intl locale of each console language, for numbers, day names and chart axes. */
export const CONSOLE_LOCALES: Record<ConsoleLang, string> = { en: "en-GB", tr: "tr-TR" };

/** The operator's choice from the switcher; scoped to /console so payment pages keep their own choice. */
export const CONSOLE_LANG_COOKIE = "console_lang";

/** Set by the proxy on console and customer (payment, sandbox acquirer) pages, so the root layout can put the right <html lang>. */
export const CONSOLE_LANG_HEADER = "x-console-lang";

export function isConsoleLang(value: unknown): value is ConsoleLang {
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
 * The cookie wins; otherwise the browser's most preferred of the two languages, as on payment pages. English
 * is the default, so an English (or any other) browser gets the console it always had.
 */
export function pickConsoleLang(cookie: string | undefined, acceptLanguage: string | null): ConsoleLang {
  if (isConsoleLang(cookie)) return cookie;
  const known = preferred(acceptLanguage ?? "").find((code) => code === "tr" || code === "en");
  return known === "tr" ? "tr" : "en";
}

/**
 * Where the switcher returns to: a console path with its query, nothing else, so the route cannot be used
 * to send someone off-site ("//evil.example", "/\\evil.example") or, with "..", into another part of the service.
 */
export function consoleReturnPath(value: unknown): string {
  if (typeof value !== "string" || value.length > 2000 || /[\s\\]/.test(value)) return "/console";
  const path = value.split(/[?#]/, 1)[0]!;
  if (!/^\/console(?:\/|$)/.test(path) || path.includes("//") || path.includes("/.")) return "/console";
  return value;
}
