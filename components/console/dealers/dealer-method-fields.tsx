import { CheckboxField } from "@/components/ui/checkbox-field";

const METHODS = [
  { value: "credit_card", label: "Credit card" },
  { value: "eiban", label: "E-IBAN" },
  { value: "manual_iban", label: "Manual IBAN" },
] as const;

/** The payment method toggles, posted as repeated `methods` values. */
export function DealerMethodFields({ enabled = [] }: { enabled?: string[] }) {
  return (
    <fieldset className="flex flex-wrap items-end gap-4">
      <legend className="mb-1 text-sm font-medium text-slate-700">Payment methods</legend>
      {METHODS.map((m) => (
        <CheckboxField key={m.value} label={m.label} name="methods" value={m.value} defaultChecked={enabled.includes(m.value)} />
      ))}
    </fieldset>
  );
}

export function enabledMethods(d: { creditCardEnabled: boolean; eibanEnabled: boolean; manualIbanEnabled: boolean }): string[] {
  return [d.creditCardEnabled && "credit_card", d.eibanEnabled && "eiban", d.manualIbanEnabled && "manual_iban"].filter((m): m is string => Boolean(m));
}

export function methodLabels(d: { creditCardEnabled: boolean; eibanEnabled: boolean; manualIbanEnabled: boolean }): string {
  const on = enabledMethods(d);
  return METHODS.filter((m) => on.includes(m.value)).map((m) => m.label).join(", ") || "none";
}
