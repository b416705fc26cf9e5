import { DetailList, Panel } from "@/components/console/panel";
import { consoleTime } from "@/lib/edge/console/format";
import type { ConsoleDealer } from "@/lib/domain/dealers/find-console-dealer";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { methodLabels } from "./dealer-method-fields";

/** What dealer staff see of their own dealer: settings without the secret. */
export function DealerReadOnly({ dealer: d, t }: { dealer: ConsoleDealer; t: ConsoleMessages }) {
  const { keys, dealers: words, common: c } = t;
  return (
    <Panel title={keys.settings} description={words.readOnly}>
      <DetailList
        items={[
          [c.status, d.isActive ? c.active : c.inactive],
          [keys.apiKey, <code key="k" className="font-mono text-xs">{d.apiKey}</code>],
          [keys.secretKey, words.hiddenSecret],
          [keys.previousSecret, d.previousSecretValidUntil ? keys.stillVerifies(consoleTime(d.previousSecretValidUntil, t.lang)) : keys.noneInUse],
          [words.paymentMethods, methodLabels(d, t)],
          [keys.cardUrl, d.creditCardCallbackUrl || c.notSet],
          [words.welcomeMessage, d.welcomeMessage || c.none],
          [keys.ipWhitelist, d.ipWhitelist.length ? d.ipWhitelist.join(", ") : words.whitelistAnyIp],
          [keys.signedBodies, d.requireSignedBodies ? keys.signedBodiesRequired : keys.signedBodiesOptional],
          [keys.maxTransaction, d.maxTransactionAmount.toFixed(2)],
        ]}
      />
    </Panel>
  );
}
