import { en, type ConsoleMessages } from "./en";
import type { ConsoleLang } from "./lang";
import { tr } from "./tr";

export type { ConsoleMessages };

export const CONSOLE_MESSAGES: Record<ConsoleLang, ConsoleMessages> = { en, tr };
