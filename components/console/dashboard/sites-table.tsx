import type { Dashboard } from "@/lib/edge/console/get-dashboard";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

export function SitesTable({ sites, t }: { sites: Dashboard["sites"]; t: ConsoleMessages }) {
  const th = "px-4 py-2 font-medium";
  return (
    // Focusable: with many sites the table scrolls sideways, and a keyboard user must be able to scroll it.
    <section
      aria-labelledby="sites-title"
      tabIndex={0}
      className={
        "overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200 focus-visible:outline-2 " +
        "focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      }
    >
      <h2 id="sites-title" className="border-b border-slate-200 px-4 py-3 font-medium">
        {t.dashboard.sites.title}
      </h2>
      {sites.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">{t.dashboard.sites.none}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className={th}>
                {t.common.site}
              </th>
              <th scope="col" className={th}>
                {t.common.provider}
              </th>
              <th scope="col" className={th}>
                {t.common.dealer}
              </th>
              <th scope="col" className={th}>
                {t.common.status}
              </th>
            </tr>
          </thead>
          <tbody>
            {sites.map((site) => (
              <tr key={site.id} className="border-t border-slate-100">
                <td className="px-4 py-2">{site.name}</td>
                <td className="px-4 py-2">{site.provider}</td>
                <td className="px-4 py-2">{site.dealer}</td>
                <td className="px-4 py-2">{site.isActive ? t.common.active : t.common.inactive}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
