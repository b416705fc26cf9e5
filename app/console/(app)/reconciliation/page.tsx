import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import { DiscrepancyTable } from "@/app/console/(app)/reconciliation/_components/discrepancy-table";
import { ReconDays } from "@/app/console/(app)/reconciliation/_components/recon-days";
import { ReconFiltersForm } from "@/app/console/(app)/reconciliation/_components/recon-filters";
import { ExportLinks } from "@/components/console/export-links";
import { reconDealerScope, scopedReconFilter } from "@/lib/domain/reconciliation/reconciliation-scope";
import { dealerChoices, providerChoices } from "@/lib/domain/explorer/choices";
import { accountLabels, reconPartners } from "@/lib/domain/reconciliation/account-labels";
import { listDiscrepancies, listReconRuns } from "@/lib/domain/reconciliation/list-reconciliation";
import { reconFiltersSchema, reconQuery } from "@/lib/domain/reconciliation/recon-filters";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { formatCount } from "@/lib/edge/console/format";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).reconciliation.heading };
}

/** Rows a table shows at once; a longer list says so and asks for narrower filters (the CSV has them all). */
const SHOWN = 200;

/**
 * Reconciliation: each partner account's Istanbul days (matched, and what is still open) and the discrepancies
 * of the filters, with their CSV. Admins see every account; dealer staff their own dealer's (its acquirer and
 * wallets), read-only. A day's run and a discrepancy's resolution happen elsewhere (the schedule, the CLI, the
 * discrepancy's page).
 */
export default async function ReconciliationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [user, t] = await Promise.all([requireConsoleUser(sectionRoles("reconciliation")), consoleMessages()]);
  const w = t.reconciliation;
  const filters = reconFiltersSchema.parse(await searchParams);
  const query = reconQuery(filters);
  const scoped = scopedReconFilter(user, query);
  const admin = user.role === "ADMIN";
  const [runs, discrepancies, partners, dealers, providers] = await Promise.all([
    listReconRuns(scoped, SHOWN + 1),
    listDiscrepancies(scoped, SHOWN + 1),
    reconPartners(reconDealerScope(user)),
    admin ? dealerChoices(user) : [],
    admin ? providerChoices(user) : [],
  ]);
  const labels = await accountLabels([...runs, ...discrepancies].map((r) => r.account));
  const narrowsListOnly = query.providerId !== undefined || query.kind !== undefined || query.status !== undefined;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{w.heading}</h1>
        <p className="text-sm text-slate-600">{w.intro}</p>
      </div>
      <ReconFiltersForm filters={filters} dealers={dealers} providers={providers} partners={partners} t={t} />
      {(filters.reversed || narrowsListOnly) && (
        <div role="note" className="rounded-md bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200">
          {filters.reversed && <p>{w.reversed}</p>}
          {narrowsListOnly && <p>{w.narrowsListOnly}</p>}
        </div>
      )}
      <section aria-labelledby="recon-days" className="flex flex-col gap-2">
        <h2 id="recon-days" className="text-lg font-medium">
          {w.days.heading}
        </h2>
        <ReconDays runs={runs.slice(0, SHOWN)} labels={labels} t={t} />
        {runs.length > SHOWN && <p className="text-sm text-slate-600">{w.list.capped(formatCount(SHOWN, t.lang))}</p>}
      </section>
      <section aria-labelledby="discrepancies" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="discrepancies" className="text-lg font-medium">
            {w.list.heading}
          </h2>
          <ExportLinks path="/console/reconciliation/export" query={query} csvLabel={w.list.exportCsv} t={t} />
        </div>
        <DiscrepancyTable rows={discrepancies.slice(0, SHOWN)} labels={labels} t={t} />
        {discrepancies.length > SHOWN && (
          <p className="text-sm text-slate-600">{w.list.capped(formatCount(SHOWN, t.lang))}</p>
        )}
      </section>
    </div>
  );
}
