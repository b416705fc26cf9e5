import Link from "next/link";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { DIRECTION_LABELS, METHOD_LABELS, STATUS_HINTS, statusLabel } from "@/lib/console/transaction-labels";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import type { TransactionFilters } from "@/lib/schemas/transaction-filters";

type Option = { value: string; label: string };

const any = { value: "", label: "Any" };
const entries = <K extends string>(labels: Record<K, string>) => (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));
const statuses = (Object.keys(STATUS_HINTS) as TransactionStatus[]).map((s) => ({ value: s, label: statusLabel(s) }));

/**
 * A plain GET form: filters live in the URL, so a filtered view can be shared and the export link carries
 * the same filters. Provider and dealer choices are only offered to admins (others have one of each).
 */
export function TransactionFiltersForm({ filters, sites, providers, dealers }: { filters: TransactionFilters; sites: Option[]; providers: Option[]; dealers: Option[] }) {
  return (
    <form method="get" role="search" aria-label="Filter transactions" className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <TextField label="Search" name="q" defaultValue={filters.q ?? ""} placeholder="Tracking code, user ID or username" className="w-full sm:w-72" />
      <SelectField label="Method" name="method" defaultValue={filters.method ?? ""} options={[any, ...entries(METHOD_LABELS)]} />
      <SelectField label="Type" name="direction" defaultValue={filters.direction ?? ""} options={[any, ...entries(DIRECTION_LABELS)]} />
      <SelectField label="Status" name="status" defaultValue={filters.status ?? ""} options={[any, ...statuses]} />
      {sites.length > 1 && <SelectField label="Site" name="siteId" defaultValue={String(filters.siteId ?? "")} options={[any, ...sites]} />}
      {providers.length > 1 && <SelectField label="Provider" name="providerId" defaultValue={String(filters.providerId ?? "")} options={[any, ...providers]} />}
      {dealers.length > 1 && <SelectField label="Dealer" name="dealerId" defaultValue={String(filters.dealerId ?? "")} options={[any, ...dealers]} />}
      <TextField label="From" name="from" type="date" defaultValue={filters.from ?? ""} />
      <TextField label="To" name="to" type="date" defaultValue={filters.to ?? ""} />
      <TextField label="Min amount" name="minAmount" inputMode="decimal" defaultValue={filters.minAmount ?? ""} placeholder="0.00" className="w-32" />
      <TextField label="Max amount" name="maxAmount" inputMode="decimal" defaultValue={filters.maxAmount ?? ""} placeholder="0.00" className="w-32" />
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        <Link href="/console/transactions" className="text-sm text-slate-600 hover:text-slate-900">
          Clear
        </Link>
      </div>
    </form>
  );
}
