import { AccountReadOnly } from "@/components/console/accounts/account-read-only";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { defaultApiRateLimit } from "@/lib/edge/http/enforce-api-rate-limit";
import type { ConsoleProvider } from "@/lib/domain/providers/find-console-provider";

/** What a provider viewer sees of their own provider: the settings, never a secret or a hint of one. */
export function ProviderReadOnly({ provider: p, t }: { provider: ConsoleProvider; t: ConsoleMessages }) {
  const { keys, providers: words, common: c } = t;
  const orNone = (value: string | null) => value || c.notSet;
  return (
    <AccountReadOnly
      kind="provider"
      account={p}
      t={t}
      hiddenSecret={[words.secretAndVerification, words.hiddenKeys]}
      emptyWhitelist={words.whitelistRefusesAll}
      settings={[
        [keys.depositUrl, orNone(p.depositCallbackUrl)],
        [keys.withdrawalUrl, orNone(p.withdrawalCallbackUrl)],
        [keys.cardUrl, orNone(p.creditCardCallbackUrl)],
      ]}
      more={[
        [words.rateLimitShort, String(p.rateLimitPerMinute ?? words.rateLimitDefault(defaultApiRateLimit()))],
        [words.embedOrigins, p.embedOrigins.join(", ") || c.none],
      ]}
    />
  );
}
