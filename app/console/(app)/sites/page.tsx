import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import { ActionForm } from "@/components/console/action-form";
import { Panel } from "@/components/console/panel";
import { SiteCard } from "@/app/console/(app)/sites/_components/site-card";
import { SiteGatewayFields } from "@/app/console/(app)/sites/_components/site-gateway-fields";
import { TableHead } from "@/components/console/table-head";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { listSitesForConsole } from "@/lib/domain/sites/list-sites";
import { listGatewayChoices } from "@/lib/domain/third-party/list-all-gateways";
import { dealerChoices, providerChoices } from "@/lib/domain/explorer/choices";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { createSiteAction } from "./actions";
import { STACK_ON_PHONE } from "@/components/console/data-table";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).sites.heading };
}

const options = (rows: { id: number; name: string }[]) =>
  rows.map((r) => ({ value: String(r.id), label: `#${r.id} ${r.name}` }));

export default async function SitesPage() {
  const [user, t] = await Promise.all([requireConsoleUser(sectionRoles("sites")), consoleMessages()]);
  const { sites: words, common: c } = t;
  const isAdmin = user.role === "ADMIN";
  const [sites, providers, dealers, gateways] = await Promise.all([
    listSitesForConsole(user),
    isAdmin ? providerChoices(user) : [],
    isAdmin ? dealerChoices(user) : [],
    isAdmin ? listGatewayChoices() : [],
  ]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{words.heading}</h1>
      {isAdmin && (
        <Panel title={words.new} description={words.newDescription}>
          <ActionForm action={createSiteAction} submitLabel={words.create} keepValuesOnError>
            <TextField label={c.name} name="name" className="w-56" required />
            <SelectField
              label={c.provider}
              name="providerId"
              options={[{ value: "", label: c.choose }, ...options(providers)]}
            />
            <SelectField
              label={c.dealer}
              name="dealerId"
              options={[{ value: "", label: c.choose }, ...options(dealers)]}
            />
            <TextField
              label={words.returnUrl}
              name="returnUrl"
              type="url"
              placeholder="https://"
              className="w-96 max-w-full"
              required
              aria-describedby="new-site-return-url"
            />
            <p id="new-site-return-url" className="w-full text-xs text-slate-600">
              {words.returnUrlHint}
            </p>
            <TextField label={words.legalName} name="legalName" className="w-72 max-w-full" />
            <TextField
              label={words.logoUrl}
              name="logoUrl"
              type="url"
              placeholder="https://"
              className="w-96 max-w-full"
            />
            <SiteGatewayFields gateways={gateways} chosen={[]} t={t} idPrefix="new-site" />
          </ActionForm>
        </Panel>
      )}
      {sites.length === 0 && <p className="text-sm text-slate-600">{words.none}</p>}
      {isAdmin
        ? sites.map((s) => <SiteCard key={s.id} site={s} dealers={options(dealers)} gateways={gateways} t={t} />)
        : sites.length > 0 && (
            <div
              tabIndex={0}
              className={
                "overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200 focus-visible:outline-2 " +
                "focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              }
            >
              <table className={`w-full text-left text-sm ${STACK_ON_PHONE}`}>
                <TableHead columns={["#", c.site, c.provider, c.dealer, c.status]} />
                <tbody>
                  {sites.map((s) => (
                    <tr key={s.id} className="border-t border-slate-100">
                      <td className="px-3 py-2 tabular-nums">{s.id}</td>
                      <td className="px-3 py-2">{s.name}</td>
                      <td className="px-3 py-2">{s.provider.name}</td>
                      <td className="px-3 py-2">{s.dealer.name}</td>
                      <td className="px-3 py-2">{s.isActive ? c.active : c.inactive}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
    </div>
  );
}
