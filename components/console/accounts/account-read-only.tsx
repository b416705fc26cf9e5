import type { ReactNode } from "react";
import { DetailList, Panel } from "@/components/console/panel";
import { consoleTime } from "@/lib/edge/console/format";
import type { AccountKind } from "@/lib/domain/accounts/account-kinds";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { formatMoney } from "@/lib/base/money/format-money";

type Row = [string, ReactNode];

/** The signing settings every signed account (provider or dealer) has, as its own staff see them. */
type SignedAccountView = {
  isActive: boolean;
  apiKey: string;
  previousSecretValidUntil: Date | null;
  ipWhitelist: string[];
  requireSignedBodies: boolean;
  maxTransactionAmount: { toFixed(digits: number): string };
};

/**
 * What an account's own staff see of it: its settings, never a secret. Providers and dealers share the
 * signing rows; what differs is data: the words for the hidden secret and for an empty IP whitelist (which
 * lets everyone in for dealers and nobody for providers), the rows of their own before the whitelist and after.
 */
export function AccountReadOnly(props: {
  kind: AccountKind;
  account: SignedAccountView;
  t: ConsoleMessages;
  hiddenSecret: Row;
  emptyWhitelist: string;
  settings: Row[];
  more?: Row[];
}) {
  const { account: a, t } = props;
  const { keys, common: c } = t;
  return (
    <Panel title={keys.settings} description={t[`${props.kind}s`].readOnly}>
      <DetailList
        items={[
          [c.status, a.isActive ? c.active : c.inactive],
          [
            keys.apiKey,
            <code key="k" className="font-mono text-xs">
              {a.apiKey}
            </code>,
          ],
          props.hiddenSecret,
          [
            keys.previousSecret,
            a.previousSecretValidUntil
              ? keys.stillVerifies(consoleTime(a.previousSecretValidUntil, t.lang))
              : keys.noneInUse,
          ],
          ...props.settings,
          [keys.ipWhitelist, a.ipWhitelist.length ? a.ipWhitelist.join(", ") : props.emptyWhitelist],
          [keys.signedBodies, a.requireSignedBodies ? keys.signedBodiesRequired : keys.signedBodiesOptional],
          [keys.maxTransaction, formatMoney(a.maxTransactionAmount, t.lang)],
          ...(props.more ?? []),
        ]}
      />
    </Panel>
  );
}
