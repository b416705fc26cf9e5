import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { DeliveryFilters } from "@/lib/schemas/delivery-filters";

type Option = { value: string; label: string };

/** A plain GET form: filters live in the URL, so a filtered list can be shared and reloaded. */
export function DeliveryFiltersForm({ filters, providers, dealers }: { filters: DeliveryFilters; providers: Option[]; dealers: Option[] }) {
  const any = { value: "", label: "Any" };
  return (
    <form method="get" className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <SelectField
        label="State"
        name="state"
        defaultValue={filters.state ?? ""}
        options={[any, { value: "PENDING", label: "Pending" }, { value: "DELIVERED", label: "Delivered" }, { value: "EXHAUSTED", label: "Failed (exhausted)" }]}
      />
      <SelectField
        label="Callback"
        name="kind"
        defaultValue={filters.kind ?? ""}
        options={[
          any,
          { value: "PROVIDER_DEPOSIT", label: "Deposit" },
          { value: "PROVIDER_WITHDRAWAL", label: "Withdrawal" },
          { value: "PROVIDER_CARD", label: "Card (provider)" },
          { value: "DEALER_CARD", label: "Card (dealer)" },
          { value: "TEST", label: "Test" },
        ]}
      />
      {providers.length > 1 && <SelectField label="Provider" name="providerId" defaultValue={String(filters.providerId ?? "")} options={[any, ...providers]} />}
      {dealers.length > 1 && <SelectField label="Dealer" name="dealerId" defaultValue={String(filters.dealerId ?? "")} options={[any, ...dealers]} />}
      <TextField label="Tracking code" name="trackingCode" defaultValue={filters.trackingCode ?? ""} placeholder="MAN-…" />
      <TextField label="From" name="from" type="date" defaultValue={filters.from ?? ""} />
      <TextField label="To" name="to" type="date" defaultValue={filters.to ?? ""} />
      <Button type="submit" variant="secondary">
        Filter
      </Button>
    </form>
  );
}
