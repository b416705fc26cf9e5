import { saveGatewayAction } from "@/app/console/(app)/gateways/actions";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { Gateway } from "@/lib/generated/prisma/client";
import { ActionForm } from "./action-form";

/** Create (no gateway) or edit one gateway: limits, required fields, coins, active flag. */
export function GatewayForm({ gateway }: { gateway?: Gateway }) {
  return (
    <ActionForm action={saveGatewayAction} submitLabel={gateway ? "Save" : "Create gateway"} refreshAfterMs={1500}>
      {gateway && <input type="hidden" name="id" value={gateway.id} />}
      <SelectField
        label="Method"
        name="method"
        defaultValue={gateway?.method ?? "BANK"}
        options={[
          { value: "BANK", label: "Bank" },
          { value: "CRYPTO", label: "Crypto" },
          { value: "WALLET", label: "Wallet" },
        ]}
      />
      <TextField label="Name" name="name" defaultValue={gateway?.name} className="w-44" />
      <TextField label="Code" name="code" defaultValue={gateway?.code} className="w-44" />
      <TextField label="Min amount" name="minAmount" defaultValue={gateway?.minAmount.toFixed(2)} className="w-28" inputMode="decimal" />
      <TextField label="Max amount" name="maxAmount" defaultValue={gateway?.maxAmount.toFixed(2)} className="w-32" inputMode="decimal" />
      <TextField label="Required fields" name="requiredFields" defaultValue={gateway?.requiredFields.join(", ")} className="w-56" placeholder="iban, account_holder" />
      <TextField label="Crypto types" name="supportedCryptoTypes" defaultValue={gateway?.supportedCryptoTypes.join(", ")} className="w-56" placeholder="USDT-TRC20, BTC" />
      <TextField label="Description" name="description" defaultValue={gateway?.description} className="w-72" />
      <label className="flex items-center gap-2 pb-2 text-sm">
        <input type="checkbox" name="isActive" defaultChecked={gateway?.isActive ?? true} /> Active
      </label>
    </ActionForm>
  );
}
