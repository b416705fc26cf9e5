import { dealerSecurityAction, dealerWhitelistAction, rotateDealerSecretAction, updateDealerAction } from "@/app/console/(app)/dealers/actions";
import { ActionForm } from "@/components/console/action-form";
import { ApiSecurityPanel } from "@/components/console/api-security-form";
import { IpWhitelistForm } from "@/components/console/ip-whitelist-form";
import { DetailList, Panel } from "@/components/console/panel";
import { RotateSecretForm } from "@/components/console/rotate-secret-form";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { TextField } from "@/components/ui/text-field";
import { consoleTime } from "@/lib/edge/console/format";
import type { ConsoleDealer } from "@/lib/domain/dealers/find-console-dealer";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { DealerMethodFields, enabledMethods } from "./dealer-method-fields";

/** The admin's editing panels of one dealer. */
export function DealerEditPanels({ dealer: d, t }: { dealer: ConsoleDealer; t: ConsoleMessages }) {
  const { keys, dealers: words, common: c } = t;
  return (
    <>
      <Panel title={keys.heading} description={words.keysDescription}>
        <DetailList
          items={[
            [keys.apiKey, <code key="k" className="font-mono text-xs">{d.apiKey}</code>],
            [keys.secretKey, <code key="s" className="font-mono text-xs">{d.secretHint}</code>],
            [keys.previousSecret, d.previousSecretValidUntil ? keys.stillVerifies(consoleTime(d.previousSecretValidUntil, t.lang)) : keys.noneInUse],
          ]}
        />
        <RotateSecretForm id={d.id} action={rotateDealerSecretAction} t={t} />
      </Panel>
      <Panel title={keys.settings}>
        <ActionForm action={updateDealerAction} submitLabel={keys.saveSettings} keepValuesOnError>
          <input type="hidden" name="id" value={d.id} />
          <TextField label={c.name} name="name" defaultValue={d.name} className="w-64" />
          <TextField label={words.welcomeMessage} name="welcomeMessage" defaultValue={d.welcomeMessage ?? ""} className="w-96 max-w-full" />
          <CheckboxField label={words.activeRefused} name="isActive" defaultChecked={d.isActive} />
          <DealerMethodFields enabled={enabledMethods(d)} t={t} />
          <TextField label={keys.cardUrl} name="creditCardCallbackUrl" type="url" defaultValue={d.creditCardCallbackUrl ?? ""} className="w-96 max-w-full" />
        </ActionForm>
      </Panel>
      <Panel title={keys.ipWhitelist} description={words.whitelistDescription}>
        {d.ipWhitelist.length === 0 && (
          <p role="note" className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {words.moneyNeedsWhitelist}
          </p>
        )}
        <IpWhitelistForm id={d.id} entries={d.ipWhitelist} emptyMeans={words.emptyWhitelistMeans} action={dealerWhitelistAction} t={t} />
      </Panel>
      <ApiSecurityPanel id={d.id} account={d} action={dealerSecurityAction} t={t} />
    </>
  );
}
