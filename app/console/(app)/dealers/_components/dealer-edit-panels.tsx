import {
  dealerSecurityAction,
  dealerWhitelistAction,
  rotateDealerSecretAction,
  updateDealerAction,
} from "@/app/console/(app)/dealers/actions";
import { AccountEditPanels } from "@/components/console/accounts/account-edit-panels";
import { ActionForm } from "@/components/console/action-form";
import { Panel } from "@/components/console/panel";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { TextField } from "@/components/ui/text-field";
import type { ConsoleDealer } from "@/lib/domain/dealers/find-console-dealer";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { DealerMethodFields, enabledMethods } from "@/components/console/dealers/dealer-method-fields";

/** The admin's editing panels of one dealer: the shared ones, with its settings (methods, welcome message). */
export function DealerEditPanels({ dealer: d, t }: { dealer: ConsoleDealer; t: ConsoleMessages }) {
  const { keys, dealers: words, common: c } = t;
  return (
    <AccountEditPanels
      kind="dealer"
      account={d}
      t={t}
      actions={{
        rotateSecret: rotateDealerSecretAction,
        whitelist: dealerWhitelistAction,
        security: dealerSecurityAction,
      }}
      profile={
        <Panel title={keys.settings}>
          <ActionForm action={updateDealerAction} submitLabel={keys.saveSettings} keepValuesOnError>
            <input type="hidden" name="id" value={d.id} />
            <TextField label={c.name} name="name" defaultValue={d.name} className="w-64" />
            <TextField
              label={words.welcomeMessage}
              name="welcomeMessage"
              defaultValue={d.welcomeMessage ?? ""}
              className="w-96 max-w-full"
            />
            <CheckboxField label={words.activeRefused} name="isActive" defaultChecked={d.isActive} />
            <DealerMethodFields enabled={enabledMethods(d)} t={t} />
            <TextField
              label={keys.cardUrl}
              name="creditCardCallbackUrl"
              type="url"
              defaultValue={d.creditCardCallbackUrl ?? ""}
              className="w-96 max-w-full"
            />
          </ActionForm>
        </Panel>
      }
    />
  );
}
