import type { ReactNode } from "react";
import { ApiSecurityPanel } from "@/components/console/api-security-form";
import { IpWhitelistForm } from "@/components/console/ip-whitelist-form";
import { DetailList, Panel } from "@/components/console/panel";
import { RotateSecretForm } from "@/components/console/rotate-secret-form";
import { ACCOUNT_KINDS, type AccountKind } from "@/lib/domain/accounts/account-kinds";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { consoleTime } from "@/lib/edge/console/format";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

type Action = (state: ActionState, form: FormData) => Promise<ActionState>;
type Row = [string, ReactNode];

/** What the shared panels read of a provider or a dealer (both console finders select these). */
type EditableAccount = {
  id: number;
  apiKey: string;
  secretHint: string | null;
  previousSecretValidUntil: Date | null;
  ipWhitelist: string[];
  requireSignedBodies: boolean;
  maxTransactionAmount: { toFixed(digits: number): string };
};

/**
 * The admin's editing panels of a provider or a dealer, one implementation; each form saves (and audits) one
 * concern. The keys panel, the IP whitelist and the API security are shared; what differs is data: the
 * kind's actions, its extra keys (a provider's verification key row and form), its own profile panel, the
 * warning over an empty whitelist (only where an empty list lets every address in: dealers, ACCOUNT_KINDS)
 * and the panels after the shared ones.
 */
export function AccountEditPanels(props: {
  kind: AccountKind;
  account: EditableAccount;
  t: ConsoleMessages;
  actions: { rotateSecret: Action; whitelist: Action; security: Action };
  moreKeys?: Row[];
  keysFooter?: ReactNode;
  profile: ReactNode;
  after?: ReactNode;
}) {
  const { kind, account: a, t, actions } = props;
  const { keys } = t;
  const words = t[`${kind}s`];
  return (
    <>
      <Panel title={keys.heading} description={words.keysDescription}>
        <DetailList
          items={[
            [
              keys.apiKey,
              <code key="k" className="font-mono text-xs">
                {a.apiKey}
              </code>,
            ],
            [
              keys.secretKey,
              <code key="s" className="font-mono text-xs">
                {a.secretHint}
              </code>,
            ],
            [
              keys.previousSecret,
              a.previousSecretValidUntil
                ? keys.stillVerifies(consoleTime(a.previousSecretValidUntil, t.lang))
                : keys.noneInUse,
            ],
            ...(props.moreKeys ?? []),
          ]}
        />
        <RotateSecretForm id={a.id} action={actions.rotateSecret} t={t} />
        {props.keysFooter}
      </Panel>
      {props.profile}
      <Panel title={keys.ipWhitelist} description={words.whitelistDescription}>
        {ACCOUNT_KINDS[kind].emptyWhitelistAllowsAll && a.ipWhitelist.length === 0 && (
          <p role="note" className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t.dealers.moneyNeedsWhitelist}
          </p>
        )}
        <IpWhitelistForm
          id={a.id}
          entries={a.ipWhitelist}
          emptyMeans={words.emptyWhitelistMeans}
          action={actions.whitelist}
          t={t}
        />
      </Panel>
      <ApiSecurityPanel id={a.id} account={a} action={actions.security} t={t} />
      {props.after}
    </>
  );
}
