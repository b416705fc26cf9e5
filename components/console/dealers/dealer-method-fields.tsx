import { CheckboxField } from "@/components/ui/checkbox-field";
import {
  DEALER_SWITCH_NAMES,
  enabledSwitches,
  type DealerSwitchColumns,
} from "@/lib/domain/payment-methods/dealer-switches";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/** The payment method toggles, posted as repeated `methods` values. */
export function DealerMethodFields({ enabled = [], t }: { enabled?: string[]; t: ConsoleMessages }) {
  return (
    <fieldset className="flex flex-wrap items-end gap-4">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t.dealers.paymentMethods}</legend>
      {DEALER_SWITCH_NAMES.map((m) => (
        <CheckboxField
          key={m}
          label={t.labels.dealerMethod[m]}
          name="methods"
          value={m}
          defaultChecked={enabled.includes(m)}
        />
      ))}
    </fieldset>
  );
}

export function enabledMethods(d: DealerSwitchColumns): string[] {
  return enabledSwitches(d);
}

export function methodLabels(d: DealerSwitchColumns, t: ConsoleMessages): string {
  const on = enabledMethods(d);
  return (
    DEALER_SWITCH_NAMES.filter((m) => on.includes(m))
      .map((m) => t.labels.dealerMethod[m])
      .join(", ") || t.common.none
  );
}
