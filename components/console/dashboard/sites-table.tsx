import type { Dashboard } from "@/lib/console/get-dashboard";

export function SitesTable({ sites }: { sites: Dashboard["sites"] }) {
  return (
    <section aria-labelledby="sites-title" className="overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200">
      <h2 id="sites-title" className="border-b border-slate-200 px-4 py-3 font-medium">
        Sites
      </h2>
      {sites.length === 0 ? (
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
            {sites.map((site) => (
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
  );
}
