import type { Lang } from "../lang";

export type ConsoleLang = Lang;

export const CONSOLE_LANGS: readonly ConsoleLang[] = ["en", "tr"];

/** Intl locale of each console language, for numbers, day names and chart axes. */
export const CONSOLE_LOCALES: Record<ConsoleLang, string> = { en: "en-GB", tr: "tr-TR" };

/** The operator's choice from the switcher; scoped to /console so payment pages keep their own choice. */
export const CONSOLE_LANG_COOKIE = "console_lang";

/**
 * Set by the proxy on console and customer (payment, sandbox acquirer) pages, so the root layout can put the right
 * <html lang>.
 */
export const CONSOLE_LANG_HEADER = "x-console-lang";

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
