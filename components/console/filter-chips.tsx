import Link from "next/link";
import { statusLabel } from "@/lib/edge/console/transaction-labels";
import { consoleDay } from "@/lib/edge/console/format";
import { filtersQuery } from "@/lib/edge/console/query-string";
import { formatMoney } from "@/lib/base/money/format-money";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { TransactionFilters } from "@/lib/domain/schemas/transaction-filters";

type Option = { value: string; label: string };
type Key = Exclude<keyof TransactionFilters, "page" | "q">;

/**
 * The filters that apply, as chips above the list: each says what it keeps ("Status: failed") and removes itself
 * (a link to the same list without it), so the folded form need not be opened to see or undo a filter.
 */
export function FilterChips({
  path,
  filters,
  sites,
  providers,
  dealers,
  t,
}: {
  path: string;
  filters: TransactionFilters;
  sites: Option[];
  providers: Option[];
  dealers: Option[];
  t: ConsoleMessages;
}) {
  const named = (options: Option[], id: number | undefined) =>
    options.find((o) => o.value === String(id))?.label ?? String(id);
  const c = t.common;
  const chips: [Key, string, string][] = [];
  const add = (key: Key, label: string, value: string | undefined) => {
    if (value !== undefined && value !== "") chips.push([key, label, value]);
  };
  add("method", c.method, filters.method && t.labels.method[filters.method]);
  add("direction", c.type, filters.direction && t.labels.direction[filters.direction]);
  add("status", c.status, filters.status && statusLabel(filters.status, t.labels));
  add("siteId", c.site, filters.siteId === undefined ? undefined : named(sites, filters.siteId));
  add("providerId", c.provider, filters.providerId === undefined ? undefined : named(providers, filters.providerId));
  add("dealerId", c.dealer, filters.dealerId === undefined ? undefined : named(dealers, filters.dealerId));
  add("from", c.from, filters.from && consoleDay(filters.from, t.lang));
  add("to", c.to, filters.to && consoleDay(filters.to, t.lang));
  add("minAmount", c.minAmount, filters.minAmount && formatMoney(filters.minAmount, t.lang));
  add("maxAmount", c.maxAmount, filters.maxAmount && formatMoney(filters.maxAmount, t.lang));
  if (chips.length === 0) return null;
  const applied: Record<string, string | number | undefined> = { ...filters, page: undefined };
  return (
    <ul aria-label={t.transactions.filters.applied} className="flex w-full flex-wrap items-center gap-2">
      {chips.map(([key, label, value]) => (
        <li key={key}>
          <Link
            href={`${path}${filtersQuery({ ...applied, [key]: undefined })}`}
            aria-label={t.transactions.filters.remove(label, value)}
            className={
              "inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800 ring-1 " +
              "ring-brand-200 hover:bg-brand-100"
            }
          >
            <span>
              {label}: <span className="font-medium">{value}</span>
            </span>
            <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
