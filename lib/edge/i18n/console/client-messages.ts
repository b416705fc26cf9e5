import { client as en } from "./en/client";
import type { ConsoleLang } from "./lang";
import { client as tr } from "./tr/client";

/** Only the client area, both languages: what client components may import without pulling in the rest. */
export const CLIENT_MESSAGES: Record<ConsoleLang, typeof en> = { en, tr };
