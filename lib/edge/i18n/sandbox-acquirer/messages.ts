import type { Lang } from "../lang";
import { en, type SandboxAcquirerMessages } from "./en";
import { tr } from "./tr";

export type { Lang, SandboxAcquirerMessages };

/** The sandbox acquirer's pages' words by language, picked with lib/edge/i18n/lang.ts like the console's. */
export const SANDBOX_ACQUIRER_MESSAGES: Record<Lang, SandboxAcquirerMessages> = { en, tr };
