import { addEibanWalletAction, updateEibanWalletAction } from "@/app/console/(app)/eiban-wallets/actions";
import { ActionForm } from "@/components/console/action-form";
import { Panel } from "@/components/console/panel";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { formatIban } from "@/lib/iban/iban";

type Wallet = { id: number; walletId: string; iban: string; bankName: string; accountName: string; isActive: boolean };

/** Adding wallets and editing their names and active flag; the balance and IBAN come from the bank. */
export function EibanWalletManage({ wallets, dealers }: { wallets: Wallet[]; dealers?: { id: number; name: string }[] }) {
  return (
    <>
      <Panel title="Add a wallet" description="The wallet joins the E-IBAN deposit rotation at once.">
        <ActionForm action={addEibanWalletAction} submitLabel="Add wallet" keepValuesOnError>
          {dealers && <SelectField label="Dealer" name="dealerId" options={[{ value: "", label: "Choose…" }, ...dealers.map((d) => ({ value: String(d.id), label: `#${d.id} ${d.name}` }))]} />}
          <TextField label="IBAN" name="iban" className="w-96 max-w-full" spellCheck={false} />
          <TextField label="Bank" name="bankName" className="w-48" />
          <TextField label="Account holder" name="accountName" className="w-64" />
          <TextField label="Opening balance (TRY)" name="balance" inputMode="decimal" defaultValue="0.00" className="w-40" />
        </ActionForm>
      </Panel>
      {wallets.length > 0 && (
        <Panel title="Manage wallets">
          {wallets.map((w) => (
            <div key={w.id} aria-label={`Wallet ${w.walletId}`} role="group" className="border-t border-slate-100 pt-3 first:border-0 first:pt-0">
              <p className="mb-2 text-sm">
                <span className="font-mono text-xs">{w.walletId}</span> · <span className="font-mono text-xs">{formatIban(w.iban)}</span>
              </p>
              <ActionForm action={updateEibanWalletAction} submitLabel="Save" keepValuesOnError>
                <input type="hidden" name="id" value={w.id} />
                <TextField label="Bank" name="bankName" defaultValue={w.bankName} className="w-48" />
                <TextField label="Account holder" name="accountName" defaultValue={w.accountName} className="w-64" />
                <CheckboxField label="Active" name="isActive" defaultChecked={w.isActive} />
              </ActionForm>
            </div>
          ))}
        </Panel>
      )}
    </>
  );
}
