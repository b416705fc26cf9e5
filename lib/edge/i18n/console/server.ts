import { cookies, headers } from "next/headers";
import { cache } from "react";
import { CONSOLE_LANG_COOKIE, type ConsoleLang } from "./lang";
import { pickLang } from "../lang";
import { CONSOLE_MESSAGES, type ConsoleMessages } from "./messages";

/** The request's console language: the switcher's cookie, else the browser's Accept-Language. */
export const consoleLang = cache(async (): Promise<ConsoleLang> => {
  const [jar, requestHeaders] = await Promise.all([cookies(), headers()]);
  return pickLang(jar.get(CONSOLE_LANG_COOKIE)?.value, requestHeaders.get("accept-language"));
});

/** For server components, server actions and route handlers: `const t = await consoleMessages()`. */
export async function consoleMessages(): Promise<ConsoleMessages> {
  return CONSOLE_MESSAGES[await consoleLang()];
}
