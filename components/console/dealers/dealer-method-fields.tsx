import { CheckboxField } from "@/components/ui/checkbox-field";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

const METHODS = ["credit_card", "eiban", "manual_iban"] as const;

type Flags = { creditCardEnabled: boolean; eibanEnabled: boolean; manualIbanEnabled: boolean };

/** The payment method toggles, posted as repeated `methods` values. */
export function DealerMethodFields({ enabled = [], t }: { enabled?: string[]; t: ConsoleMessages }) {
  return (
    <fieldset className="flex flex-wrap items-end gap-4">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t.dealers.paymentMethods}</legend>
      {METHODS.map((m) => (
        <CheckboxField key={m} label={t.labels.dealerMethod[m]} name="methods" value={m} defaultChecked={enabled.includes(m)} />
      ))}
    </fieldset>
  );
}

export function enabledMethods(d: Flags): string[] {
  return [d.creditCardEnabled && "credit_card", d.eibanEnabled && "eiban", d.manualIbanEnabled && "manual_iban"].filter((m): m is string => Boolean(m));
}

export function methodLabels(d: Flags, t: ConsoleMessages): string {
  const on = enabledMethods(d);
  return METHODS.filter((m) => on.includes(m)).map((m) => t.labels.dealerMethod[m]).join(", ") || t.common.none;
}
