import { rotateSiteKeyAction, updateSiteAction } from "@/app/console/(app)/sites/actions";
import { ActionForm } from "@/components/console/action-form";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { maskSecret } from "@/lib/domain/access/mask-secret";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

type Option = { value: string; label: string };
type Site = { id: number; name: string; credentialKey: string; isActive: boolean; dealerId: number; returnUrl: string | null; provider: { name: string } };

/** An admin's view of one site: its name, assigned dealer, active flag and credential key. */
export function SiteCard({ site, dealers, t }: { site: Site; dealers: Option[]; t: ConsoleMessages }) {
  const { sites: words, common: c } = t;
  return (
    <section aria-label={site.name} className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 className="font-medium">
        #{site.id} {site.name}{" "}
        <span className="text-sm font-normal text-slate-500">
          · {site.provider.name} · {site.isActive ? c.activeLower : c.inactiveLower} · {words.credentialKeyLower} <code className="font-mono text-xs">{maskSecret(site.credentialKey)}</code>
        </span>
      </h2>
      <ActionForm action={updateSiteAction} submitLabel={c.save} keepValuesOnError>
        <input type="hidden" name="id" value={site.id} />
        <TextField label={c.name} name="name" defaultValue={site.name} className="w-56" />
        <SelectField label={words.dealerTakesNew} name="dealerId" defaultValue={String(site.dealerId)} options={dealers} />
        <TextField label={words.returnUrl} name="returnUrl" type="url" defaultValue={site.returnUrl ?? ""} placeholder="https://" className="w-96 max-w-full" aria-describedby={`return-url-${site.id}`} />
        <p id={`return-url-${site.id}`} className="w-full text-xs text-slate-600">
          {words.returnUrlHint}
        </p>
        <CheckboxField label={c.active} name="isActive" defaultChecked={site.isActive} />
      </ActionForm>
      <ActionForm action={rotateSiteKeyAction} submitLabel={words.issueCredentialKey} submitVariant="secondary" pendingLabel={c.issuing}>
        <input type="hidden" name="id" value={site.id} />
      </ActionForm>
    </section>
  );
}
