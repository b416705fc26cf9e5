import Link from "next/link";
import { DateRangePresets } from "@/components/console/date-range-presets";
import { DayField } from "@/components/console/day-field";
import { SearchableSelectField } from "@/components/console/searchable-select";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import type { Choice } from "@/lib/domain/explorer/choices";
import { DISCREPANCY_KINDS } from "@/lib/domain/reconciliation/recon-types";
import { DISCREPANCY_STATUSES, type ReconFilters } from "@/lib/domain/reconciliation/recon-filters";
import { connectorName } from "@/lib/edge/console/connector-words";
import { discrepancyKindWord, discrepancyStatusWord } from "@/lib/edge/console/reconciliation-words";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

export const RECONCILIATION_PATH = "/console/reconciliation";

/**
 * A plain GET form, as every console list's: the filters live in the URL, so a filtered view can be shared,
 * reloaded and exported, and it works before scripts load. Dealers and providers are offered to admins only
 * (dealer staff read their own dealer's whatever they pick).
 */
export function ReconFiltersForm({
  filters,
  dealers,
  providers,
  partners,
  t,
}: {
  filters: ReconFilters;
  dealers: Choice[];
  providers: Choice[];
  partners: string[];
  t: ConsoleMessages;
}) {
  const w = t.reconciliation;
  const any = { value: "", label: t.common.any };
  const options = (list: Choice[]) => list.map((c) => ({ value: String(c.id), label: c.name }));
  // A partner named in a link but not run yet stays chosen.
  const partnerList =
    filters.partner && !partners.includes(filters.partner) ? [...partners, filters.partner] : partners;
  return (
    <form
      method="get"
      role="search"
      aria-label={w.filterLabel}
      className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <DayField label={t.common.from} name="from" value={filters.from} lang={t.lang} />
      <DayField label={t.common.to} name="to" value={filters.to} lang={t.lang} />
      {dealers.length > 0 && (
        <SearchableSelectField
          label={t.common.dealer}
          name="dealerId"
          defaultValue={String(filters.dealerId ?? "")}
          options={[any, ...options(dealers)]}
        />
      )}
      {providers.length > 0 && (
        <SearchableSelectField
          label={t.common.provider}
          name="providerId"
          defaultValue={String(filters.providerId ?? "")}
          options={[any, ...options(providers)]}
        />
      )}
      <SelectField
        label={w.partner}
        name="partner"
        defaultValue={filters.partner ?? ""}
        options={[any, ...partnerList.map((p) => ({ value: p, label: connectorName(p, t) }))]}
      />
      <SelectField
        label={w.kind}
        name="kind"
        defaultValue={filters.kind ?? ""}
        options={[any, ...DISCREPANCY_KINDS.map((k) => ({ value: k, label: discrepancyKindWord(k, t) }))]}
      />
      <SelectField
        label={w.status}
        name="status"
        defaultValue={filters.status ?? ""}
        options={[any, ...DISCREPANCY_STATUSES.map((s) => ({ value: s, label: discrepancyStatusWord(s, t) }))]}
      />
      {/* A gateway's account, as the days table links it: kept when the form is sent again. */}
      {filters.gatewayId !== undefined && <input type="hidden" name="gatewayId" value={filters.gatewayId} />}
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary">
          {t.common.filter}
        </Button>
        <Link href={RECONCILIATION_PATH} className="text-sm text-slate-600 hover:text-slate-900">
          {t.common.clear}
        </Link>
      </div>
      <DateRangePresets path={RECONCILIATION_PATH} params={filters} t={t} />
    </form>
  );
}
