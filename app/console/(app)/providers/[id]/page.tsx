import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Panel } from "@/components/console/panel";
import { ProviderEditPanels } from "@/components/console/providers/provider-edit-panels";
import { ProviderReadOnly } from "@/components/console/providers/provider-read-only";
import { TableHead } from "@/components/console/table-head";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { routeId } from "@/lib/edge/console/route-id";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { findConsoleProvider } from "@/lib/domain/providers/find-console-provider";
import { STACK_ON_PHONE } from "@/components/console/data-table";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).titles.provider };
}

export default async function ProviderPage({ params }: { params: Promise<{ id: string }> }) {
  const [user, t] = await Promise.all([requireConsoleUser(["ADMIN", "PROVIDER"]), consoleMessages()]);
  // Another tenant's provider is a 404, exactly like a missing one.
  const provider = await findConsoleProvider(user, await routeId(params));
  if (!provider) notFound();
  const isAdmin = user.role === "ADMIN";
  const { providers: words, common: c } = t;
  return (
    <div className="flex flex-col gap-6">
      <div>
        {isAdmin && (
          <Link href="/console/providers" className="text-sm text-brand-700 hover:underline">
            {words.back}
          </Link>
        )}
        <h1 className="text-2xl font-semibold">{provider.name}</h1>
        <p className="text-sm text-slate-600">
          {words.number(provider.id)} · {provider.isActive ? c.activeLower : c.inactiveLower}
        </p>
      </div>
      {isAdmin ? <ProviderEditPanels provider={provider} t={t} /> : <ProviderReadOnly provider={provider} t={t} />}
      <Panel title={words.sitesCount(provider.sites.length)}>
        {provider.sites.length === 0 ? (
          <p className="text-sm text-slate-600">
            {words.noSites}
            {isAdmin && ` ${words.createOnSitesPage}`}
          </p>
        ) : (
          <div className="overflow-x-auto">
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
