import { rotateSiteKeyAction, updateSiteAction } from "@/app/console/(app)/sites/actions";
import { ActionForm } from "@/components/console/action-form";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { maskSecret } from "@/lib/console/mask-secret";

type Option = { value: string; label: string };
type Site = { id: number; name: string; credentialKey: string; isActive: boolean; dealerId: number; provider: { name: string } };

/** An admin's view of one site: its name, assigned dealer, active flag and credential key. */
export function SiteCard({ site, dealers }: { site: Site; dealers: Option[] }) {
  return (
    <section aria-label={site.name} className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 className="font-medium">
        #{site.id} {site.name}{" "}
        <span className="text-sm font-normal text-slate-500">
          · {site.provider.name} · {site.isActive ? "active" : "inactive"} · credential key <code className="font-mono text-xs">{maskSecret(site.credentialKey)}</code>
        </span>
      </h2>
      <ActionForm action={updateSiteAction} submitLabel="Save" keepValuesOnError>
        <input type="hidden" name="id" value={site.id} />
        <TextField label="Name" name="name" defaultValue={site.name} className="w-56" />
        <SelectField label="Dealer (takes new payments)" name="dealerId" defaultValue={String(site.dealerId)} options={dealers} />
        <CheckboxField label="Active" name="isActive" defaultChecked={site.isActive} />
      </ActionForm>
      <ActionForm action={rotateSiteKeyAction} submitLabel="Issue new credential key" submitVariant="secondary" pendingLabel="Issuing…">
        <input type="hidden" name="id" value={site.id} />
      </ActionForm>
    </section>
  );
}
