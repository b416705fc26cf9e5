import Link from "next/link";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { AuditFilters } from "@/lib/schemas/audit-filters";

/** A plain GET form: the filtered log is a link that can be shared. */
export function AuditFiltersForm({ filters, entityTypes }: { filters: AuditFilters; entityTypes: string[] }) {
  return (
    <form method="get" role="search" aria-label="Filter the audit log" className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <SelectField
        label="Entity type"
        name="entityType"
        defaultValue={filters.entityType ?? ""}
        options={[{ value: "", label: "Any" }, ...entityTypes.map((t) => ({ value: t, label: t.replace(/_/g, " ") }))]}
      />
      <TextField label="Entity ID" name="entityId" defaultValue={filters.entityId ?? ""} className="w-28" />
      <TextField label="Actor" name="actor" defaultValue={filters.actor ?? ""} placeholder="email or cli" />
      <TextField label="Action" name="action" defaultValue={filters.action ?? ""} placeholder="provider." className="w-40" />
      <TextField label="From" name="from" type="date" defaultValue={filters.from ?? ""} />
      <TextField label="To" name="to" type="date" defaultValue={filters.to ?? ""} />
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        <Link href="/console/audit" className="text-sm text-slate-600 hover:text-slate-900">
          Clear
        </Link>
      </div>
    </form>
  );
}
