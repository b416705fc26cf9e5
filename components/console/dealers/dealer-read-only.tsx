import { AccountReadOnly } from "@/components/console/accounts/account-read-only";
import type { ConsoleDealer } from "@/lib/domain/dealers/find-console-dealer";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { methodLabels } from "./dealer-method-fields";

/** What dealer staff see of their own dealer: settings without the secret. */
export function DealerReadOnly({ dealer: d, t }: { dealer: ConsoleDealer; t: ConsoleMessages }) {
  const { keys, dealers: words, common: c } = t;
  return (
    <AccountReadOnly
      kind="dealer"
      account={d}
      t={t}
      hiddenSecret={[keys.secretKey, words.hiddenSecret]}
      emptyWhitelist={words.whitelistAnyIp}
      settings={[
        [words.paymentMethods, methodLabels(d, t)],
        [keys.cardUrl, d.creditCardCallbackUrl || c.notSet],
        [words.welcomeMessage, d.welcomeMessage || c.none],
      ]}
    />
  );
}
