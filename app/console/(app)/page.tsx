import type { Metadata } from "next";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { getOverview } from "@/lib/console/get-overview";

export const metadata: Metadata = { title: "Overview" };

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
    </div>
  );
}

export default async function OverviewPage() {
  const user = await requireConsoleUser();
  const overview = await getOverview(user);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Overview</h1>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Stat label="Transactions today" value={overview.transactionsToday} />
        <Stat label="Waiting for approval" value={overview.pendingApprovals} />
        <Stat label="Sites" value={overview.sites.length} />
      </div>
      <section className="rounded-lg bg-white ring-1 ring-slate-200">
        <h2 className="border-b border-slate-200 px-4 py-3 font-medium">Sites</h2>
        {overview.sites.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-600">No sites yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Site</th>
                <th scope="col" className="px-4 py-2 font-medium">Provider</th>
                <th scope="col" className="px-4 py-2 font-medium">Dealer</th>
                <th scope="col" className="px-4 py-2 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {overview.sites.map((site) => (
                <tr key={site.id} className="border-t border-slate-100">
                  <td className="px-4 py-2">{site.name}</td>
                  <td className="px-4 py-2">{site.provider}</td>
                  <td className="px-4 py-2">{site.dealer}</td>
                  <td className="px-4 py-2">{site.isActive ? "Active" : "Inactive"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
