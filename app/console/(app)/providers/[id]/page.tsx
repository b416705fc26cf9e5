import { sectionRoles } from "@/components/console/console-nav";
import { AccountDetailHead } from "@/components/console/accounts/account-detail-head";
import { Panel } from "@/components/console/panel";
import { ProviderEditPanels } from "@/app/console/(app)/providers/_components/provider-edit-panels";
import { ProviderReadOnly } from "@/components/console/providers/provider-read-only";
import { TableHead } from "@/components/console/table-head";
import { accountDetailMetadata, loadAccountPage } from "@/lib/edge/console/account-page";
import { findConsoleProvider } from "@/lib/domain/providers/find-console-provider";
import { STACK_ON_PHONE } from "@/components/console/data-table";

export const generateMetadata = accountDetailMetadata("provider");

export default async function ProviderPage({ params }: { params: Promise<{ id: string }> }) {
  const {
    t,
    account: provider,
    isAdmin,
  } = await loadAccountPage(sectionRoles("providers"), params, findConsoleProvider);
  const { providers: words, common: c } = t;
  return (
    <div className="flex flex-col gap-6">
      <AccountDetailHead kind="provider" account={provider} isAdmin={isAdmin} t={t} />
      {isAdmin ? <ProviderEditPanels provider={provider} t={t} /> : <ProviderReadOnly provider={provider} t={t} />}
      <Panel title={words.sitesCount(provider.sites.length)}>
        {provider.sites.length === 0 ? (
          <p className="text-sm text-slate-600">
            {words.noSites}
            {isAdmin && ` ${words.createOnSitesPage}`}
          </p>
        ) : (
          <div
            tabIndex={0}
            className={
              "overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 " +
              "focus-visible:outline-brand-600"
            }
          >
            <table className={`w-full text-left text-sm ${STACK_ON_PHONE}`}>
              <TableHead columns={["#", c.site, c.dealer, c.status]} />
              <tbody>
                {provider.sites.map((s) => (
                  <tr key={s.id} className="border-t border-slate-100">
                    <td className="px-3 py-2 tabular-nums">{s.id}</td>
                    <td className="px-3 py-2">{s.name}</td>
                    <td className="px-3 py-2">{s.dealer.name}</td>
                    <td className="px-3 py-2">{s.isActive ? c.active : c.inactive}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </div>
  );
}
