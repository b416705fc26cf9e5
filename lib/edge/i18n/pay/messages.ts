import type { Lang } from "../lang";
import { en, type PayMessages } from "./en";
import { tr } from "./tr";

export type { Lang, PayMessages };

/** The payment pages' words by language, picked with lib/edge/i18n/lang.ts like the console's. */
export const PAY_MESSAGES: Record<Lang, PayMessages> = { en, tr };
