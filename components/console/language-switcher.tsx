"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { CONSOLE_LANGS } from "@/lib/edge/i18n/console/lang";
import { useConsoleLang, useConsoleText } from "./console-lang";

const NAMES = { en: "English", tr: "Türkçe" } as const;

/**
 * EN / TR as a plain form post to /console/language, which sets the cookie and returns here: it works before
 * (or without) hydration. Each button names its language in that language, for screen readers too.
 */
export function LanguageSwitcher() {
  const lang = useConsoleLang();
  const t = useConsoleText();
  const query = useSearchParams().toString();
  const back = `${usePathname()}${query ? `?${query}` : ""}`;
  return (
    <form
      method="post"
      action="/console/language"
      role="group"
      aria-label={t.language}
      className="flex items-center gap-1 text-sm"
    >
      <input type="hidden" name="back" value={back} />
      {CONSOLE_LANGS.map((code) => (
        <button
          key={code}
          type="submit"
          name="lang"
          value={code}
          lang={code}
          title={NAMES[code]}
          aria-pressed={code === lang}
          className={
            `rounded px-1.5 py-0.5 font-medium ` +
            `${code === lang ? "bg-slate-800 text-white" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"}`
          }
        >
          {code.toUpperCase()}
        </button>
      ))}
    </form>
  );
}
