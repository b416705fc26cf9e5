import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { DayField } from "@/components/console/day-field";
import type { CallbackKind, DeliveryState } from "@/lib/generated/prisma/enums";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { DeliveryFilters } from "@/lib/domain/schemas/delivery-filters";
import { SearchableSelectField } from "@/components/console/searchable-select";

type Option = { value: string; label: string };

const STATES: DeliveryState[] = ["PENDING", "DELIVERED", "EXHAUSTED", "NO_URL"];
const KINDS: CallbackKind[] = ["PROVIDER_DEPOSIT", "PROVIDER_WITHDRAWAL", "PROVIDER_CARD", "DEALER_CARD", "TEST"];

/** A plain GET form: filters live in the URL, so a filtered list can be shared and reloaded. */
export function DeliveryFiltersForm({
  filters,
  providers,
  dealers,
  t,
}: {
  filters: DeliveryFilters;
  providers: Option[];
  dealers: Option[];
  t: ConsoleMessages;
}) {
  const any = { value: "", label: t.common.any };
  return (
    <form method="get" className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <SelectField
        label={t.deliveries.state}
        name="state"
        defaultValue={filters.state ?? ""}
        options={[any, ...STATES.map((s) => ({ value: s, label: t.labels.deliveryState[s] }))]}
      />
      <SelectField
        label={t.deliveries.callback}
        name="kind"
        defaultValue={filters.kind ?? ""}
        options={[any, ...KINDS.map((k) => ({ value: k, label: t.labels.kind[k] }))]}
      />
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
      <TextField
        label={t.common.trackingCode}
        name="trackingCode"
        defaultValue={filters.trackingCode ?? ""}
        placeholder="MAN-…"
      />
      <DayField label={t.common.from} name="from" value={filters.from} lang={t.lang} />
      <DayField label={t.common.to} name="to" value={filters.to} lang={t.lang} />
      <Button type="submit" variant="secondary">
        {t.common.filter}
      </Button>
    </form>
  );
}
