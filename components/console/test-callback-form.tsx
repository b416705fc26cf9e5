import { sendTestCallbackAction } from "@/app/console/(app)/deliveries/actions";
import { SelectField } from "@/components/ui/select-field";
import type { ConsoleRole } from "@/lib/generated/prisma/enums";
import { ActionForm } from "./action-form";

type Option = { value: string; label: string };

/** Sends a signed sample callback to a configured URL, to check a receiver end to end. */
export function TestCallbackForm({ role, providers, dealers }: { role: ConsoleRole; providers: Option[]; dealers: Option[] }) {
  const owners = [
    ...providers.map((p) => ({ value: `provider:${p.value}`, label: `Provider: ${p.label}` })),
    ...dealers.map((d) => ({ value: `dealer:${d.value}`, label: `Dealer: ${d.label}` })),
  ];
  return (
    <section className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 className="mb-3 font-medium">Send a test callback</h2>
      <ActionForm action={sendTestCallbackAction} submitLabel="Send test callback" pendingLabel="Sending…">
        {role === "ADMIN" ? (
          <>
            <SelectField label="Provider or dealer" name="owner" options={owners.length ? owners : [{ value: "", label: "None yet" }]} />
            <SelectField
              label="URL"
              name="target"
              options={[
                { value: "deposit", label: "Provider deposit callback URL" },
                { value: "withdrawal", label: "Provider withdrawal callback URL" },
                { value: "credit_card", label: "Provider card callback URL" },
                { value: "dealer_credit_card", label: "Dealer card callback URL" },
              ]}
            />
          </>
        ) : (
          <input type="hidden" name="target" value="dealer_credit_card" />
        )}
      </ActionForm>
    </section>
  );
}
