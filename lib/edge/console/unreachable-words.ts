import { networkFailureIn } from "@/lib/base/net/fetch-failure";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/**
 * A connection test whose call reached nobody (the name did not resolve, nothing listened, no answer in time), said
 * in the console's language with the host it tried: never "did not accept the configuration", which only a partner
 * that answered can say. Null when the partner did answer (its own refusal is shown as it gave it).
 */
export function unreachableWords(label: string, message: string, t: ConsoleMessages): string | null {
  const failure = networkFailureIn(message);
  return failure ? t.acquirers.unreachable(label, failure.host, t.acquirers.causes[failure.cause]) : null;
}
