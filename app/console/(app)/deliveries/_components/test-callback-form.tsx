import { sendTestCallbackAction } from "@/app/console/(app)/deliveries/actions";
import { SelectField } from "@/components/ui/select-field";
import type { ConsoleRole } from "@/lib/generated/prisma/enums";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { ActionForm } from "@/components/console/action-form";

type Option = { value: string; label: string };

const TARGETS = ["deposit", "withdrawal", "credit_card", "dealer_credit_card"] as const;

/** Sends a signed sample callback to a configured URL, to check a receiver end to end. */
export function TestCallbackForm({
  role,
  providers,
  dealers,
  t,
}: {
  role: ConsoleRole;
  providers: Option[];
  dealers: Option[];
  t: ConsoleMessages;
}) {
  const words = t.deliveries.test;
  const owners = [
    ...providers.map((p) => ({ value: `provider:${p.value}`, label: words.providerOwner(p.label) })),
    ...dealers.map((d) => ({ value: `dealer:${d.value}`, label: words.dealerOwner(d.label) })),
  ];
  return (
    <section className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 className="mb-3 font-medium">{words.heading}</h2>
      <ActionForm action={sendTestCallbackAction} submitLabel={words.submit} pendingLabel={words.sending}>
        {role === "ADMIN" ? (
          <>
            <SelectField
              label={words.owner}
              name="owner"
              options={owners.length ? owners : [{ value: "", label: words.noneYet }]}
            />
            <SelectField
              label={t.deliveries.url}
              name="target"
              options={TARGETS.map((target) => ({ value: target, label: words.targets[target] }))}
            />
          </>
        ) : (
          <input type="hidden" name="target" value="dealer_credit_card" />
        )}
      </ActionForm>
    </section>
  );
}
