import { providerSettingsAction } from "@/app/console/(app)/providers/actions";
import {
  providerSecurityAction,
  providerWhitelistAction,
  rotateProviderSecretAction,
  rotateVerificationKeyAction,
  updateProviderAction,
} from "@/app/console/(app)/providers/[id]/actions";
import { AccountEditPanels } from "@/components/console/accounts/account-edit-panels";
import { ActionForm } from "@/components/console/action-form";
import { Panel } from "@/components/console/panel";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { TextField } from "@/components/ui/text-field";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { defaultApiRateLimit } from "@/lib/edge/http/enforce-api-rate-limit";
import type { ConsoleProvider } from "@/lib/domain/providers/find-console-provider";

/** The admin's editing panels of one provider: the shared ones, with its verification key, profile and limits. */
export function ProviderEditPanels({ provider: p, t }: { provider: ConsoleProvider; t: ConsoleMessages }) {
  const { keys, providers: words, common: c } = t;
  return (
    <AccountEditPanels
      kind="provider"
      account={p}
      t={t}
      actions={{
        rotateSecret: rotateProviderSecretAction,
        whitelist: providerWhitelistAction,
        security: providerSecurityAction,
      }}
      moreKeys={[
        [
          keys.verificationKey,
          <code key="v" className="font-mono text-xs">
            {p.verificationKeyHint}
          </code>,
        ],
      ]}
      keysFooter={
        <ActionForm
          action={rotateVerificationKeyAction}
          submitLabel={words.issueVerificationKey}
          submitVariant="secondary"
          pendingLabel={c.issuing}
        >
          <input type="hidden" name="id" value={p.id} />
        </ActionForm>
      }
      profile={
        <Panel title={words.profile} description={words.profileDescription}>
          <ActionForm action={updateProviderAction} submitLabel={words.saveProfile} keepValuesOnError>
            <input type="hidden" name="id" value={p.id} />
            <TextField label={c.name} name="name" defaultValue={p.name} className="w-64" />
            <CheckboxField label={words.activeRefused} name="isActive" defaultChecked={p.isActive} />
            <div className="flex w-full flex-wrap gap-3">
              <TextField
                label={keys.depositUrl}
                name="depositCallbackUrl"
                type="url"
                defaultValue={p.depositCallbackUrl ?? ""}
                className="w-96 max-w-full"
              />
              <TextField
                label={keys.withdrawalUrl}
                name="withdrawalCallbackUrl"
                type="url"
                defaultValue={p.withdrawalCallbackUrl ?? ""}
                className="w-96 max-w-full"
              />
              <TextField
                label={keys.cardUrl}
                name="creditCardCallbackUrl"
                type="url"
                defaultValue={p.creditCardCallbackUrl ?? ""}
                className="w-96 max-w-full"
              />
            </div>
          </ActionForm>
        </Panel>
      }
      after={
        <Panel title={words.limits}>
          <ActionForm action={providerSettingsAction} submitLabel={keys.saveSettings} keepValuesOnError>
            <input type="hidden" name="id" value={p.id} />
            <TextField
              label={words.rateLimit(defaultApiRateLimit())}
              name="rateLimitPerMinute"
              defaultValue={p.rateLimitPerMinute ?? ""}
              inputMode="numeric"
              className="w-64"
            />
            <TextField
              label={words.embedOrigins}
              name="embedOrigins"
              defaultValue={p.embedOrigins.join(" ")}
              placeholder="https://casino.example"
              className="w-96 max-w-full"
            />
          </ActionForm>
        </Panel>
      }
    />
  );
}
