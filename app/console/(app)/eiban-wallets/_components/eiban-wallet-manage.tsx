import {
  addEibanWalletAction,
  testWalletConnectionAction,
  updateEibanWalletAction,
} from "@/app/console/(app)/eiban-wallets/actions";
import { TextAreaField } from "@/components/ui/text-area-field";
import { BANK_CONNECTORS } from "@/lib/integrations/connectors/registry";
import { ActionForm } from "@/components/console/action-form";
import { EditDisclosure } from "@/components/console/edit-disclosure";
import { Panel } from "@/components/console/panel";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { formatIban } from "@/lib/base/iban/iban";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

type Wallet = {
  id: number;
  walletId: string;
  iban: string;
  bankName: string;
  accountName: string;
  isActive: boolean;
  connector: string | null;
};

/** Adding wallets (admins) and editing their names and active flag; the balance and IBAN come from the bank. */
export function EibanWalletManage({
  wallets,
  dealers,
  canAdd,
  t,
}: {
  wallets: Wallet[];
  dealers?: { id: number; name: string }[];
  canAdd: boolean;
  t: ConsoleMessages;
}) {
  const { eibanWallets: words, common: c } = t;
  return (
    <>
      {canAdd && (
        <Panel title={words.add} description={words.addDescription}>
          <ActionForm action={addEibanWalletAction} submitLabel={words.addSubmit} keepValuesOnError>
            {dealers && (
              <SelectField
                label={c.dealer}
                name="dealerId"
                options={[
                  { value: "", label: c.choose },
                  ...dealers.map((d) => ({ value: String(d.id), label: `#${d.id} ${d.name}` })),
                ]}
              />
            )}
            <TextField label={c.iban} name="iban" className="w-96 max-w-full" spellCheck={false} />
            <TextField label={c.bank} name="bankName" className="w-48" />
            <TextField label={c.accountHolder} name="accountName" className="w-64" />
            <SelectField
              label={words.connector}
              name="connector"
              defaultValue=""
              options={[
                { value: "", label: words.sandboxConnector },
                ...Object.keys(BANK_CONNECTORS).map((name) => ({ value: name, label: name })),
              ]}
            />
            <TextAreaField
              label={words.config}
              name="config"
              className="w-full max-w-xl font-mono text-xs"
              placeholder='{"baseUrl": "https://...", "secret": "..."}'
              hint={words.configHint}
            />
          </ActionForm>
        </Panel>
      )}
      {wallets.length > 0 && (
        <Panel title={words.manage}>
          {wallets.map((w) => (
            <div
              key={w.id}
              aria-label={words.region(w.walletId)}
              role="group"
              className="border-t border-slate-100 pt-3 first:border-0 first:pt-0"
            >
              <p className="mb-2 text-sm">
                <span className="font-mono text-xs">{w.walletId}</span> ·{" "}
                <span className="font-mono text-xs">{formatIban(w.iban)}</span>
              </p>
              <p className="mb-2 text-sm text-slate-700">
                {w.bankName} · {w.accountName} · {w.isActive ? c.activeLower : c.inactiveLower} ·{" "}
                {w.connector ? words.connectorOf(w.connector) : words.sandboxConnector}
              </p>
              <ActionForm
                action={testWalletConnectionAction}
                submitLabel={words.testConnection}
                submitVariant="secondary"
                pendingLabel={words.testing}
                className="mb-2"
              >
                <input type="hidden" name="id" value={w.id} />
              </ActionForm>
              <EditDisclosure label={c.edit} name={c.editName(words.region(w.walletId))}>
                <ActionForm action={updateEibanWalletAction} submitLabel={c.save} keepValuesOnError>
                  <input type="hidden" name="id" value={w.id} />
                  <TextField label={c.bank} name="bankName" defaultValue={w.bankName} className="w-48" />
                  <TextField label={c.accountHolder} name="accountName" defaultValue={w.accountName} className="w-64" />
                  <CheckboxField label={c.active} name="isActive" defaultChecked={w.isActive} />
                </ActionForm>
              </EditDisclosure>
            </div>
          ))}
        </Panel>
      )}
    </>
  );
}
