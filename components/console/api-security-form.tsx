import { CheckboxField } from "@/components/ui/checkbox-field";
import { TextField } from "@/components/ui/text-field";
import type { ActionState } from "@/lib/edge/auth/action-user";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { formatAmount } from "@/lib/base/money/format-money";
import { ActionForm } from "./action-form";
import { Panel } from "./panel";

type Props = {
  id: number;
  account: { requireSignedBodies: boolean; maxTransactionAmount: { toFixed: (digits: number) => string } };
  action: (s: ActionState, f: FormData) => Promise<ActionState>;
  t: ConsoleMessages;
};

/** Admins' switch for signed bodies (X-Signature) and the maximum per transaction, for providers and dealers. */
export function ApiSecurityPanel({ id, account, action, t }: Props) {
  const { keys } = t;
  return (
    <Panel title={keys.apiSecurity} description={keys.apiSecurityDescription}>
      <ActionForm action={action} submitLabel={keys.saveSettings} keepValuesOnError>
        <input type="hidden" name="id" value={id} />
        <CheckboxField
          label={keys.requireSignedBodies}
          name="requireSignedBodies"
          defaultChecked={account.requireSignedBodies}
        />
        <TextField
          label={keys.maxTransaction}
          name="maxTransactionAmount"
          defaultValue={formatAmount(account.maxTransactionAmount, t.lang)}
          inputMode="decimal"
          className="w-64"
        />
      </ActionForm>
    </Panel>
  );
}
