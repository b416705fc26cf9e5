import Link from "next/link";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { DayField } from "@/components/console/day-field";
import { describeEntity } from "@/lib/edge/console/describe-audit-action";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { AuditFilters } from "@/lib/domain/schemas/audit-filters";

/** A plain GET form: the filtered log is a link that can be shared. */
export function AuditFiltersForm({ filters, entityTypes, t }: { filters: AuditFilters; entityTypes: string[]; t: ConsoleMessages }) {
  const words = t.audit;
  return (
    <form method="get" role="search" aria-label={words.filterLabel} className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <SelectField
        label={words.entityType}
        name="entityType"
        defaultValue={filters.entityType ?? ""}
        options={[{ value: "", label: t.common.any }, ...entityTypes.map((type) => ({ value: type, label: describeEntity(type, t) }))]}
      />
      <TextField label={words.entityId} name="entityId" defaultValue={filters.entityId ?? ""} className="w-28" />
      <TextField label={words.actor} name="actor" defaultValue={filters.actor ?? ""} placeholder={words.actorPlaceholder} />
      <TextField label={words.action} name="action" defaultValue={filters.action ?? ""} placeholder="provider." className="w-40" />
      <DayField label={t.common.from} name="from" value={filters.from} lang={t.lang} />
      <DayField label={t.common.to} name="to" value={filters.to} lang={t.lang} />
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary">
          {t.common.filter}
        </Button>
        <Link href="/console/audit" className="text-sm text-slate-600 hover:text-slate-900">
          {t.common.clear}
        </Link>
      </div>
    </form>
  );
}
