"use client";

import { createContext, use, type ReactNode } from "react";
import { CLIENT_MESSAGES } from "@/lib/edge/i18n/console/client-messages";
import type { ConsoleLang } from "@/lib/edge/i18n/console/lang";

const ConsoleLangContext = createContext<ConsoleLang>("en");

/** Fed by the console layout, so client components render in the operator's language without prop chains. */
export function ConsoleLangProvider({ lang, children }: { lang: ConsoleLang; children: ReactNode }) {
  return <ConsoleLangContext value={lang}>{children}</ConsoleLangContext>;
}

export function useConsoleLang(): ConsoleLang {
  return use(ConsoleLangContext);
}

/** The client strings of the current language (lib/edge/i18n/console/en/client.ts). */
export function useConsoleText() {
  return CLIENT_MESSAGES[useConsoleLang()];
}
