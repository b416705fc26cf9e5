import type { Metadata } from "next";
import { ActionForm } from "@/components/console/action-form";
import { Panel } from "@/components/console/panel";
import { SiteCard } from "@/components/console/sites/site-card";
import { TableHead } from "@/components/console/table-head";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { siteScope } from "@/lib/console/tenant-scope";
import { prisma } from "@/lib/db/prisma";
import { createSiteAction } from "./actions";

export const metadata: Metadata = { title: "Sites" };

const options = (rows: { id: number; name: string }[]) => rows.map((r) => ({ value: String(r.id), label: `#${r.id} ${r.name}` }));

export default async function SitesPage() {
  const user = await requireConsoleUser();
  const isAdmin = user.role === "ADMIN";
  const [sites, providers, dealers] = await Promise.all([
    prisma.site.findMany({ where: siteScope(user), orderBy: { id: "asc" }, include: { provider: { select: { name: true } }, dealer: { select: { name: true } } } }),
    isAdmin ? prisma.provider.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" } }) : [],
    isAdmin ? prisma.dealer.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" } }) : [],
  ]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Sites</h1>
      {isAdmin && (
        <Panel title="New site" description="The credential key is shown once, right after creation.">
          <ActionForm action={createSiteAction} submitLabel="Create site" keepValuesOnError>
            <TextField label="Name" name="name" className="w-56" required />
            <SelectField label="Provider" name="providerId" options={[{ value: "", label: "Choose…" }, ...options(providers)]} />
            <SelectField label="Dealer" name="dealerId" options={[{ value: "", label: "Choose…" }, ...options(dealers)]} />
          </ActionForm>
        </Panel>
      )}
      {sites.length === 0 && <p className="text-sm text-slate-600">No sites yet.</p>}
      {isAdmin
        ? sites.map((s) => <SiteCard key={s.id} site={s} dealers={options(dealers)} />)
        : sites.length > 0 && (
            <div className="overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200">
              <table className="w-full text-left text-sm">
                <TableHead columns={["#", "Site", "Provider", "Dealer", "Status"]} />
                <tbody>
                  {sites.map((s) => (
                    <tr key={s.id} className="border-t border-slate-100">
                      <td className="px-3 py-2 tabular-nums">{s.id}</td>
                      <td className="px-3 py-2">{s.name}</td>
                      <td className="px-3 py-2">{s.provider.name}</td>
                      <td className="px-3 py-2">{s.dealer.name}</td>
                      <td className="px-3 py-2">{s.isActive ? "Active" : "Inactive"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
    </div>
  );
}
