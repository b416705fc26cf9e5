import { providerSettingsAction } from "@/app/console/(app)/providers/actions";
import { providerWhitelistAction, rotateProviderSecretAction, rotateVerificationKeyAction, updateProviderAction } from "@/app/console/(app)/providers/[id]/actions";
import { ActionForm } from "@/components/console/action-form";
import { IpWhitelistForm } from "@/components/console/ip-whitelist-form";
import { DetailList, Panel } from "@/components/console/panel";
import { RotateSecretForm } from "@/components/console/rotate-secret-form";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { TextField } from "@/components/ui/text-field";
import { consoleTime } from "@/lib/console/format";
import { defaultApiRateLimit } from "@/lib/ops/enforce-api-rate-limit";
import type { ConsoleProvider } from "@/lib/providers/find-console-provider";

/** The admin's editing panels of one provider; each form saves (and audits) one concern. */
export function ProviderEditPanels({ provider: p }: { provider: ConsoleProvider }) {
  return (
    <>
      <Panel title="Keys" description="Secrets are shown once, when issued. Afterwards only their last four characters are visible.">
        <DetailList
          items={[
            ["API key", <code key="k" className="font-mono text-xs">{p.apiKey}</code>],
            ["Secret key", <code key="s" className="font-mono text-xs">{p.secretHint}</code>],
            ["Previous secret", p.previousSecretValidUntil ? `still verifies until ${consoleTime(p.previousSecretValidUntil)}` : "none in use"],
            ["Verification key", <code key="v" className="font-mono text-xs">{p.verificationKeyHint}</code>],
          ]}
        />
        <RotateSecretForm id={p.id} action={rotateProviderSecretAction} />
        <ActionForm action={rotateVerificationKeyAction} submitLabel="Issue new verification key" submitVariant="secondary" pendingLabel="Issuing…">
          <input type="hidden" name="id" value={p.id} />
        </ActionForm>
      </Panel>
      <Panel title="Profile and callback URLs" description="Blank URLs are cleared; callbacks to a missing URL fail and are retried on the schedule.">
        <ActionForm action={updateProviderAction} submitLabel="Save profile" keepValuesOnError>
          <input type="hidden" name="id" value={p.id} />
          <TextField label="Name" name="name" defaultValue={p.name} className="w-64" />
          <CheckboxField label="Active (inactive providers are refused with 403)" name="isActive" defaultChecked={p.isActive} />
          <div className="flex w-full flex-wrap gap-3">
            <TextField label="Deposit callback URL" name="depositCallbackUrl" type="url" defaultValue={p.depositCallbackUrl ?? ""} className="w-96 max-w-full" />
            <TextField label="Withdrawal callback URL" name="withdrawalCallbackUrl" type="url" defaultValue={p.withdrawalCallbackUrl ?? ""} className="w-96 max-w-full" />
            <TextField label="Card callback URL" name="creditCardCallbackUrl" type="url" defaultValue={p.creditCardCallbackUrl ?? ""} className="w-96 max-w-full" />
          </div>
        </ActionForm>
      </Panel>
      <Panel title="IP whitelist" description="Requests from any other address are refused with 403.">
        <IpWhitelistForm id={p.id} entries={p.ipWhitelist} emptyMeans="An empty list refuses every request." action={providerWhitelistAction} />
      </Panel>
      <Panel title="Limits and embedding">
        <ActionForm action={providerSettingsAction} submitLabel="Save settings" keepValuesOnError>
          <input type="hidden" name="id" value={p.id} />
          <TextField label={`Requests per minute (default ${defaultApiRateLimit()})`} name="rateLimitPerMinute" defaultValue={p.rateLimitPerMinute ?? ""} inputMode="numeric" className="w-64" />
          <TextField label="Origins that may frame payment pages" name="embedOrigins" defaultValue={p.embedOrigins.join(" ")} placeholder="https://casino.example" className="w-96 max-w-full" />
        </ActionForm>
      </Panel>
    </>
  );
}
