import Link from "next/link";
import { DayField } from "@/components/console/day-field";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { statusLabel } from "@/lib/edge/console/transaction-labels";
import type { StatusReading } from "@/lib/domain/payment-methods/status-reading";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { TransactionFilters } from "@/lib/domain/schemas/transaction-filters";

/** The statuses a card payment can be in (the card lifecycle), as the console words them. */
const CARD_STATUSES: StatusReading[] = ["pending", "success", "failed", "canceled", "refunded"];

/** A plain GET form, as the explorer's: the filters live in the URL and the pager keeps them. */
export function CardPaymentFilters({ filters, t }: { filters: TransactionFilters; t: ConsoleMessages }) {
  const words = t.cardPayments;
  return (
    <form
      method="get"
      role="search"
      aria-label={words.searchLabel}
      className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <TextField label={words.search} name="q" defaultValue={filters.q ?? ""} className="w-full sm:w-72" />
      <SelectField
        label={t.common.status}
        name="status"
        defaultValue={filters.status ?? ""}
        options={[
          { value: "", label: words.statusAny },
          ...CARD_STATUSES.map((s) => ({ value: s, label: statusLabel(s, t.labels) })),
        ]}
      />
      <DayField label={t.common.from} name="from" value={filters.from} lang={t.lang} />
      <DayField label={t.common.to} name="to" value={filters.to} lang={t.lang} />
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary">
          {t.common.filter}
        </Button>
        <Link href="/console/card-payments" className="text-sm text-slate-600 hover:text-slate-900">
          {t.common.clear}
        </Link>
      </div>
    </form>
  );
}
