import { saveGatewayAction } from "@/app/console/(app)/gateways/actions";
import { GATEWAY_METHODS } from "@/lib/domain/payment-methods";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { Gateway } from "@/lib/generated/prisma/client";
import { formatAmount } from "@/lib/base/money/format-money";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { TextAreaField } from "@/components/ui/text-area-field";
import { GATEWAY_CONNECTORS } from "@/lib/integrations/connectors/registry";
import { maskConfig, type SealedConfig } from "@/lib/integrations/connectors/sealed-config";
import { ActionForm } from "@/components/console/action-form";

/**
 * Create (no gateway) or edit one gateway: limits, required fields, coins, active flag, and its connector
 * with its configuration (secrets masked; an empty configuration on a new gateway makes a sandbox one).
 */
export function GatewayForm({ gateway, t }: { gateway?: Gateway; t: ConsoleMessages }) {
  const { gateways: words, common: c } = t;
  return (
    <ActionForm action={saveGatewayAction} submitLabel={gateway ? c.save : words.create} refreshAfterMs={1500}>
      {gateway && <input type="hidden" name="id" value={gateway.id} />}
      {gateway ? (
        <input type="hidden" name="method" value={gateway.method} />
      ) : (
        <SelectField
          label={c.method}
          name="method"
          defaultValue="BANK"
          options={GATEWAY_METHODS.map((m) => ({ value: m, label: t.labels.gatewayMethod[m] }))}
        />
      )}
      <TextField label={c.name} name="name" defaultValue={gateway?.name} className="w-44" />
      <TextField label={words.code} name="code" defaultValue={gateway?.code} className="w-44" />
      <TextField
        label={c.minAmount}
        name="minAmount"
        defaultValue={gateway ? formatAmount(gateway.minAmount, t.lang) : undefined}
        className="w-28"
        inputMode="decimal"
      />
      <TextField
        label={c.maxAmount}
        name="maxAmount"
        defaultValue={gateway ? formatAmount(gateway.maxAmount, t.lang) : undefined}
        className="w-32"
        inputMode="decimal"
      />
      <TextField
        label={words.requiredFields}
        name="requiredFields"
        defaultValue={gateway?.requiredFields.join(", ")}
        className="w-56"
        placeholder="iban, account_holder"
      />
      {/* A saved gateway keeps its method: only a crypto one has coins. A new one may become any kind. */}
      {(!gateway || gateway.method === "CRYPTO") && (
        <TextField
          label={gateway ? words.cryptoTypes : words.cryptoOnly}
          name="supportedCryptoTypes"
          defaultValue={gateway?.supportedCryptoTypes.join(", ")}
          className="w-56"
          placeholder="USDT-TRC20, BTC"
        />
      )}
      <TextField label={words.descriptionEn} name="description" defaultValue={gateway?.description} className="w-72" />
      <TextField
        label={words.descriptionTr}
        name="descriptionTr"
        defaultValue={gateway?.descriptionTr}
        className="w-72"
      />
      <SelectField
        label={words.connector}
        name="connector"
        defaultValue={gateway?.adapter ?? "http-partner"}
        options={Object.keys(GATEWAY_CONNECTORS).map((name) => ({ value: name, label: name }))}
      />
      <TextAreaField
        label={words.config}
        name="config"
        defaultValue={gateway?.config ? JSON.stringify(maskConfig(gateway.config as SealedConfig)) : ""}
        className="w-full max-w-xl font-mono text-xs"
        placeholder='{"baseUrl": "https://...", "secret": "...", "merchantId": "..."}'
        hint={words.configHint}
      />
      <label className="flex items-center gap-2 pb-2 text-sm">
        <input type="checkbox" name="isActive" defaultChecked={gateway?.isActive ?? true} /> {c.active}
      </label>
    </ActionForm>
  );
}
