import { DetailList, Panel } from "@/components/console/panel";
import { consoleTime } from "@/lib/edge/console/format";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { defaultApiRateLimit } from "@/lib/edge/http/enforce-api-rate-limit";
import type { ConsoleProvider } from "@/lib/domain/providers/find-console-provider";

/** What a provider viewer sees of their own provider: the settings, never a secret or a hint of one. */
export function ProviderReadOnly({ provider: p, t }: { provider: ConsoleProvider; t: ConsoleMessages }) {
  const { keys, providers: words, common: c } = t;
  const orNone = (value: string | null) => value || c.notSet;
  return (
    <Panel title={keys.settings} description={words.readOnly}>
      <DetailList
        items={[
          [c.status, p.isActive ? c.active : c.inactive],
          [keys.apiKey, <code key="k" className="font-mono text-xs">{p.apiKey}</code>],
          [words.secretAndVerification, words.hiddenKeys],
          [keys.previousSecret, p.previousSecretValidUntil ? keys.stillVerifies(consoleTime(p.previousSecretValidUntil, t.lang)) : keys.noneInUse],
          [keys.depositUrl, orNone(p.depositCallbackUrl)],
          [keys.withdrawalUrl, orNone(p.withdrawalCallbackUrl)],
          [keys.cardUrl, orNone(p.creditCardCallbackUrl)],
          [keys.ipWhitelist, p.ipWhitelist.length ? p.ipWhitelist.join(", ") : words.whitelistRefusesAll],
          [keys.signedBodies, p.requireSignedBodies ? keys.signedBodiesRequired : keys.signedBodiesOptional],
          [keys.maxTransaction, p.maxTransactionAmount.toFixed(2)],
          [words.rateLimitShort, String(p.rateLimitPerMinute ?? words.rateLimitDefault(defaultApiRateLimit()))],
          [words.embedOrigins, p.embedOrigins.join(", ") || c.none],
        ]}
      />
    </Panel>
  );
}
