import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Panel } from "@/components/console/panel";
import { ProviderEditPanels } from "@/components/console/providers/provider-edit-panels";
import { ProviderReadOnly } from "@/components/console/providers/provider-read-only";
import { TableHead } from "@/components/console/table-head";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { routeId } from "@/lib/console/route-id";
import { findConsoleProvider } from "@/lib/providers/find-console-provider";

export const metadata: Metadata = { title: "Provider" };

export default async function ProviderPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireConsoleUser(["ADMIN", "PROVIDER"]);
  // Another tenant's provider is a 404, exactly like a missing one.
  const provider = await findConsoleProvider(user, await routeId(params));
  if (!provider) notFound();
  const isAdmin = user.role === "ADMIN";
  return (
    <div className="flex flex-col gap-6">
      <div>
        {isAdmin && (
          <Link href="/console/providers" className="text-sm text-brand-700 hover:underline">
            ← All providers
          </Link>
        )}
        <h1 className="text-2xl font-semibold">{provider.name}</h1>
        <p className="text-sm text-slate-600">
          Provider #{provider.id} · {provider.isActive ? "active" : "inactive"}
        </p>
      </div>
      {isAdmin ? <ProviderEditPanels provider={provider} /> : <ProviderReadOnly provider={provider} />}
      <Panel title={`Sites (${provider.sites.length})`}>
        {provider.sites.length === 0 ? (
          <p className="text-sm text-slate-600">No sites yet.{isAdmin && " Create one on the Sites page."}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <TableHead columns={["#", "Site", "Dealer", "Status"]} />
              <tbody>
                {provider.sites.map((s) => (
                  <tr key={s.id} className="border-t border-slate-100">
                    <td className="px-3 py-2 tabular-nums">{s.id}</td>
                    <td className="px-3 py-2">{s.name}</td>
                    <td className="px-3 py-2">{s.dealer.name}</td>
                    <td className="px-3 py-2">{s.isActive ? "Active" : "Inactive"}</td>
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
