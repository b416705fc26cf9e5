import Link from "next/link";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { ApprovalTab } from "@/lib/domain/approvals/approval-tabs";
import { formatAmount } from "@/lib/base/money/format-money";
import type { PaymentMethod } from "@/lib/domain/payment-methods";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { TransactionFilters } from "@/lib/domain/schemas/transaction-filters";
import { SearchableSelectField } from "@/components/console/searchable-select";

type Option = { value: string; label: string };

/** A plain GET form over one queue: search, method, site and amount range; the tab is kept. */
export function QueueFilters({
  tab,
  filters,
  methods,
  sites,
  t,
}: {
  tab: ApprovalTab;
  filters: TransactionFilters;
  methods: PaymentMethod[];
  sites: Option[];
  t: ConsoleMessages;
}) {
  const any = { value: "", label: t.common.any };
  const amount = (v?: string) => (v ? formatAmount(v, t.lang) : "");
  return (
    <form
      method="get"
      role="search"
      aria-label={t.approvals.filtersLabel}
      className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-3 ring-1 ring-slate-200"
    >
      <input type="hidden" name="tab" value={tab} />
      <TextField
        label={t.transactions.filters.search}
        name="q"
        defaultValue={filters.q ?? ""}
        placeholder={t.approvals.searchPlaceholder}
        className="w-full sm:w-72"
      />
      {/* On a phone the other filters fold behind one button, so the first item to decide is near the top. */}
      <details
        className="phone-disclosure w-full sm:w-auto"
        open={Boolean(filters.method || filters.siteId || filters.minAmount || filters.maxAmount)}
        data-testid="more-queue-filters"
      >
        <summary
          className={
            "cursor-pointer rounded-md px-1 py-1 text-sm font-medium text-slate-800 ring-1 " +
            "ring-slate-300 [&::-webkit-details-marker]:hidden"
          }
        >
          <span className="px-2">{t.transactions.filters.more}</span>
        </summary>
        <div className="flex flex-wrap items-end gap-3 max-sm:mt-3">
          <SelectField
            label={t.common.method}
            name="method"
            defaultValue={filters.method ?? ""}
            options={[any, ...methods.map((m) => ({ value: m, label: t.labels.method[m] }))]}
          />
          {sites.length > 1 && (
            <SearchableSelectField
              label={t.common.site}
              name="siteId"
              defaultValue={String(filters.siteId ?? "")}
              options={[any, ...sites]}
            />
          )}
          <TextField
            label={t.common.minAmount}
            name="minAmount"
            inputMode="decimal"
            defaultValue={amount(filters.minAmount)}
            className="w-32"
          />
          <TextField
            label={t.common.maxAmount}
            name="maxAmount"
            inputMode="decimal"
            defaultValue={amount(filters.maxAmount)}
            className="w-32"
          />
        </div>
      </details>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary">
          {t.common.filter}
        </Button>
        <Link href={`/console/approvals?tab=${tab}`} className="text-sm text-slate-600 hover:text-slate-900">
          {t.common.clear}
        </Link>
      </div>
    </form>
  );
}
