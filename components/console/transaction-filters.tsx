import Link from "next/link";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { DayField } from "@/components/console/day-field";
import { statusLabel } from "@/lib/edge/console/transaction-labels";
import { formatAmount } from "@/lib/base/money/format-money";
import { STATUS_READINGS } from "@/lib/domain/payment-methods/status-reading";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { TransactionFilters } from "@/lib/domain/schemas/transaction-filters";
import { SearchableSelectField } from "@/components/console/searchable-select";
import { FilterChips } from "@/components/console/filter-chips";

type Option = { value: string; label: string };

const entries = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

/**
 * A plain GET form: filters live in the URL, so a filtered view can be shared and the export link carries
 * the same filters. Provider and dealer choices are only offered to admins (others have one of each).
 */
export function TransactionFiltersForm({
  filters,
  sites,
  providers,
  dealers,
  t,
}: {
  filters: TransactionFilters;
  sites: Option[];
  providers: Option[];
  dealers: Option[];
  t: ConsoleMessages;
}) {
  const any = { value: "", label: t.common.any };
  const active = [
    filters.method,
    filters.direction,
    filters.status,
    filters.siteId,
    filters.providerId,
    filters.dealerId,
    filters.from,
    filters.to,
    filters.minAmount,
    filters.maxAmount,
  ].filter((v) => v !== undefined && v !== "").length;
  const statuses = STATUS_READINGS.map((s) => ({ value: s, label: statusLabel(s, t.labels) }));
  return (
    <form
      method="get"
      role="search"
      aria-label={t.transactions.filters.label}
      className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <TextField
        label={t.transactions.filters.search}
        name="q"
        defaultValue={filters.q ?? ""}
        placeholder={t.transactions.filters.searchPlaceholder}
        className="w-full sm:w-72"
      />
      {/* The filters that apply, as chips that remove themselves: then the form folds at every width, so the rows
          come first; with none applied it folds on a phone only. */}
      <FilterChips
        path="/console/transactions"
        filters={filters}
        sites={sites}
        providers={providers}
        dealers={dealers}
        t={t}
      />
      <details className={active > 0 ? "w-full" : "phone-disclosure w-full"} data-testid="more-filters">
        <summary
          className={
            "cursor-pointer rounded-md px-1 py-1 text-sm font-medium text-slate-800 ring-1 " +
            "ring-slate-300 [&::-webkit-details-marker]:hidden"
          }
        >
          <span className="px-2">
            {active > 0 ? t.transactions.filters.moreActive(active) : t.transactions.filters.more}
          </span>
        </summary>
        <div className="flex flex-wrap items-end gap-3 max-sm:mt-3">
          <SelectField
            label={t.common.method}
            name="method"
            defaultValue={filters.method ?? ""}
            options={[any, ...entries(t.labels.method)]}
          />
          <SelectField
            label={t.common.type}
            name="direction"
            defaultValue={filters.direction ?? ""}
            options={[any, ...entries(t.labels.direction)]}
          />
          <SelectField
            label={t.common.status}
            name="status"
            defaultValue={filters.status ?? ""}
            options={[any, ...statuses]}
          />
          {sites.length > 1 && (
            <SearchableSelectField
              label={t.common.site}
              name="siteId"
              defaultValue={String(filters.siteId ?? "")}
              options={[any, ...sites]}
            />
          )}
          {providers.length > 1 && (
            <SearchableSelectField
              label={t.common.provider}
              name="providerId"
              defaultValue={String(filters.providerId ?? "")}
              options={[any, ...providers]}
            />
          )}
          {dealers.length > 1 && (
            <SearchableSelectField
              label={t.common.dealer}
              name="dealerId"
              defaultValue={String(filters.dealerId ?? "")}
              options={[any, ...dealers]}
            />
          )}
          <DayField label={t.common.from} name="from" value={filters.from} lang={t.lang} />
          <DayField label={t.common.to} name="to" value={filters.to} lang={t.lang} />
          <TextField
            label={t.common.minAmount}
            name="minAmount"
            inputMode="decimal"
            defaultValue={filters.minAmount ? formatAmount(filters.minAmount, t.lang) : ""}
            placeholder={formatAmount("0", t.lang)}
            className="w-32"
          />
          <TextField
            label={t.common.maxAmount}
            name="maxAmount"
            inputMode="decimal"
            defaultValue={filters.maxAmount ? formatAmount(filters.maxAmount, t.lang) : ""}
            placeholder={formatAmount("0", t.lang)}
            className="w-32"
          />
        </div>
      </details>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary">
          {t.common.filter}
        </Button>
        <Link href="/console/transactions" className="text-sm text-slate-600 hover:text-slate-900">
          {t.common.clear}
        </Link>
      </div>
    </form>
  );
}
