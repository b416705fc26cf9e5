import Link from "next/link";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { DayField } from "@/components/console/day-field";
import { DateRangePresets } from "@/components/console/date-range-presets";
import { AUDIT_ACTIONS, auditEntityOf } from "@/lib/domain/audit/audit-actions";
import { describeAuditAction, describeEntity } from "@/lib/edge/console/describe-audit-action";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { AuditFilters } from "@/lib/domain/schemas/audit-filters";

const collator = (lang: string) => new Intl.Collator(lang === "tr" ? "tr-TR" : "en-GB");

/**
 * The audit log's actions in words, grouped by what they act on: each group's first choice is all of its
 * actions (the "provider." prefix), then each action. An action in a link that is not listed stays chosen.
 */
function ActionField({ value, t }: { value: string | undefined; t: ConsoleMessages }) {
  const id = useId();
  const order = collator(t.lang);
  const entities = [...new Set(AUDIT_ACTIONS.map(auditEntityOf))].sort((a, b) =>
    order.compare(describeEntity(a, t), describeEntity(b, t)),
  );
  const listed =
    value === undefined ||
    entities.some((e) => value === `${e}.`) ||
    (AUDIT_ACTIONS as readonly string[]).includes(value);
  return (
    <div className="flex max-w-full min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t.audit.action}
      </label>
      <select
        id={id}
        name="action"
        defaultValue={value ?? ""}
        className={
          "max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm " +
          "focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:max-w-xs"
        }
      >
        <option value="">{t.common.any}</option>
        {!listed && <option value={value}>{value}</option>}
        {entities.map((entity) => (
          <optgroup key={entity} label={describeEntity(entity, t)}>
            <option value={`${entity}.`}>{t.audit.everyAction(describeEntity(entity, t))}</option>
            {AUDIT_ACTIONS.filter((a) => auditEntityOf(a) === entity)
              .map((a) => ({ a, words: describeAuditAction(a, t) }))
              .sort((x, y) => order.compare(x.words, y.words))
              .map(({ a, words }) => (
                <option key={a} value={a}>
                  {words}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

/** A plain GET form: the filtered log is a link that can be shared. */
export function AuditFiltersForm({
  filters,
  entityTypes,
  t,
}: {
  filters: AuditFilters;
  entityTypes: string[];
  t: ConsoleMessages;
}) {
  const words = t.audit;
  return (
    <form
      method="get"
      role="search"
      aria-label={words.filterLabel}
      className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <SelectField
        label={words.entityType}
        name="entityType"
        defaultValue={filters.entityType ?? ""}
        options={[
          { value: "", label: t.common.any },
          ...entityTypes.map((type) => ({ value: type, label: describeEntity(type, t) })),
        ]}
      />
      <TextField label={words.entityId} name="entityId" defaultValue={filters.entityId ?? ""} className="w-28" />
      <TextField
        label={words.actor}
        name="actor"
        defaultValue={filters.actor ?? ""}
        placeholder={words.actorPlaceholder}
      />
      <ActionField value={filters.action} t={t} />
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
      <DateRangePresets path="/console/audit" params={filters} t={t} />
    </form>
  );
}
