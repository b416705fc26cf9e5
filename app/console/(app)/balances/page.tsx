import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import { DayField } from "@/components/console/day-field";
import { BalancesTable } from "@/components/console/ledger/balances-table";
import { PairFilters, QueryProblems } from "@/components/console/ledger/pair-filters";
import { TextField } from "@/components/ui/text-field";
import { scopedPairFilter } from "@/lib/domain/access/ledger-scope";
import { ledgerPairChoices } from "@/lib/domain/explorer/choices";
import { listPairBalances } from "@/lib/domain/ledger/pair-statements";
import { parseBalanceQuery } from "@/lib/domain/schemas/ledger-filters";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleTime } from "@/lib/edge/console/format";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { ExportLinks } from "@/components/console/export-links";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).ledger.balances.heading };
}

/**
 * Balances by provider-dealer pair, now or as of a chosen Istanbul moment, within the viewer's tenant (admins:
 * every pair; dealer staff: their dealer's; provider viewers: their provider's), with the CSV of the same view.
 */
export default async function BalancesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [user, t] = await Promise.all([requireConsoleUser(sectionRoles("balances")), consoleMessages()]);
  const { query, problems } = parseBalanceQuery(await searchParams);
  const b = t.ledger.balances;
  const filter = scopedPairFilter(user, { providerId: query.providerId, dealerId: query.dealerId });
  const asOf = query.asOf ?? new Date();
  const [rows, choices] = await Promise.all([
    filter ? listPairBalances({ ...filter, asOf }) : [],
    ledgerPairChoices(user),
  ]);
  const applied = { providerId: query.providerId, dealerId: query.dealerId, day: query.day, time: query.time };
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{b.heading}</h1>
        <ExportLinks path="/console/balances/export" query={applied} csvLabel={b.exportCsv} t={t} />
      </div>
      <p className="text-sm text-slate-600">{b.intro}</p>
      <PairFilters
        providers={choices.providers}
        dealers={choices.dealers}
        values={query}
        clearHref="/console/balances"
        optional
        t={t}
      >
        <DayField label={t.ledger.filters.day} name="day" value={query.day} lang={t.lang} />
        <TextField
          label={t.ledger.filters.time}
          name="time"
          type="text"
          defaultValue={query.time ?? ""}
          placeholder={t.ledger.filters.timePlaceholder}
          inputMode="numeric"
          autoComplete="off"
          className="w-24"
        />
      </PairFilters>
      <QueryProblems problems={problems} t={t} />
      <p className="text-sm font-medium" data-testid="balances-as-of">
        {query.asOf ? b.asOf(consoleTime(asOf, t.lang)) : b.asOfNow(consoleTime(asOf, t.lang))}
        <span className="block text-xs font-normal text-slate-600">{b.timeHint}</span>
      </p>
      <BalancesTable rows={rows} day={query.day} t={t} />
    </div>
  );
}
