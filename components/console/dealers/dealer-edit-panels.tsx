import { dealerWhitelistAction, rotateDealerSecretAction, updateDealerAction } from "@/app/console/(app)/dealers/actions";
import { ActionForm } from "@/components/console/action-form";
import { IpWhitelistForm } from "@/components/console/ip-whitelist-form";
import { DetailList, Panel } from "@/components/console/panel";
import { RotateSecretForm } from "@/components/console/rotate-secret-form";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { TextField } from "@/components/ui/text-field";
import { consoleTime } from "@/lib/console/format";
import type { ConsoleDealer } from "@/lib/dealers/find-console-dealer";
import { DealerMethodFields, enabledMethods } from "./dealer-method-fields";

/** The admin's editing panels of one dealer. */
export function DealerEditPanels({ dealer: d }: { dealer: ConsoleDealer }) {
  return (
    <>
      <Panel title="Keys" description="The secret is shown once, when issued. Afterwards only its last four characters are visible.">
        <DetailList
          items={[
            ["API key", <code key="k" className="font-mono text-xs">{d.apiKey}</code>],
            ["Secret key", <code key="s" className="font-mono text-xs">{d.secretHint}</code>],
            ["Previous secret", d.previousSecretValidUntil ? `still verifies until ${consoleTime(d.previousSecretValidUntil)}` : "none in use"],
          ]}
        />
        <RotateSecretForm id={d.id} action={rotateDealerSecretAction} />
      </Panel>
      <Panel title="Settings">
        <ActionForm action={updateDealerAction} submitLabel="Save settings" keepValuesOnError>
          <input type="hidden" name="id" value={d.id} />
          <TextField label="Name" name="name" defaultValue={d.name} className="w-64" />
          <TextField label="Welcome message" name="welcomeMessage" defaultValue={d.welcomeMessage ?? ""} className="w-96 max-w-full" />
          <CheckboxField label="Active (inactive dealers are refused with 403)" name="isActive" defaultChecked={d.isActive} />
          <DealerMethodFields enabled={enabledMethods(d)} />
          <TextField label="Card callback URL" name="creditCardCallbackUrl" type="url" defaultValue={d.creditCardCallbackUrl ?? ""} className="w-96 max-w-full" />
        </ActionForm>
      </Panel>
      <Panel title="IP whitelist" description="Dealer API requests from any other address are refused with 403.">
        <IpWhitelistForm id={d.id} entries={d.ipWhitelist} emptyMeans="An empty list means no IP restriction." action={dealerWhitelistAction} />
      </Panel>
    </>
  );
}
