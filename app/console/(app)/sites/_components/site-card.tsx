import { rotateSiteKeyAction, siteGatewaysAction, updateSiteAction } from "@/app/console/(app)/sites/actions";
import { SiteGatewayFields, type GatewayChoice } from "@/app/console/(app)/sites/_components/site-gateway-fields";
import { ActionForm } from "@/components/console/action-form";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { maskSecret } from "@/lib/domain/access/mask-secret";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

type Option = { value: string; label: string };
type Site = {
  id: number;
  name: string;
  credentialKey: string;
  isActive: boolean;
  dealerId: number;
  returnUrl: string | null;
  legalName: string | null;
  logoUrl: string | null;
  provider: { name: string };
  gateways: { gatewayId: number }[];
};

/**
 * An admin's view of one site: name, dealer, active flag, what its payment page shows, its gateways and credential key.
 */
export function SiteCard({
  site,
  dealers,
  gateways,
  t,
}: {
  site: Site;
  dealers: Option[];
  gateways: GatewayChoice[];
  t: ConsoleMessages;
}) {
  const { sites: words, common: c } = t;
  return (
    <section aria-label={site.name} className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 className="font-medium">
        #{site.id} {site.name}{" "}
        <span className="text-sm font-normal text-slate-600">
          · {site.provider.name} · {site.isActive ? c.activeLower : c.inactiveLower} · {words.credentialKeyLower}{" "}
          <code className="font-mono text-xs">{maskSecret(site.credentialKey)}</code>
        </span>
      </h2>
      <ActionForm action={updateSiteAction} submitLabel={c.save} keepValuesOnError>
        <input type="hidden" name="id" value={site.id} />
        <TextField label={c.name} name="name" defaultValue={site.name} className="w-56" />
        <SelectField
          label={words.dealerTakesNew}
          name="dealerId"
          defaultValue={String(site.dealerId)}
          options={dealers}
        />
        <TextField
          label={words.returnUrl}
          name="returnUrl"
          type="url"
          defaultValue={site.returnUrl ?? ""}
          placeholder="https://"
          className="w-96 max-w-full"
          aria-describedby={`return-url-${site.id}`}
        />
        <p id={`return-url-${site.id}`} className="w-full text-xs text-slate-600">
          {words.returnUrlHint}
        </p>
        <TextField
          label={words.legalName}
          name="legalName"
          defaultValue={site.legalName ?? ""}
          className="w-72 max-w-full"
          aria-describedby={`page-${site.id}`}
        />
        <TextField
          label={words.logoUrl}
          name="logoUrl"
          type="url"
          defaultValue={site.logoUrl ?? ""}
          placeholder="https://"
          className="w-96 max-w-full"
          aria-describedby={`page-${site.id}`}
        />
        <p id={`page-${site.id}`} className="w-full text-xs text-slate-600">
          {words.pageHint}
        </p>
        <CheckboxField label={c.active} name="isActive" defaultChecked={site.isActive} />
      </ActionForm>
      <ActionForm action={siteGatewaysAction} submitLabel={words.saveGateways} submitVariant="secondary">
        <input type="hidden" name="id" value={site.id} />
        <SiteGatewayFields
          gateways={gateways}
          chosen={site.gateways.map((g) => g.gatewayId)}
          t={t}
          idPrefix={`site-${site.id}`}
        />
      </ActionForm>
      <ActionForm
        action={rotateSiteKeyAction}
        submitLabel={words.issueCredentialKey}
        submitVariant="secondary"
        pendingLabel={c.issuing}
      >
        <input type="hidden" name="id" value={site.id} />
      </ActionForm>
    </section>
  );
}
