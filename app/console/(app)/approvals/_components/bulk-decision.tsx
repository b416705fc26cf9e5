import { bulkDecideDepositsAction } from "@/app/console/(app)/approvals/bulk-actions";
import { ActionForm } from "@/components/console/action-form";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

export const BULK_FORM_ID = "bulk-decide";

/**
 * Approve or reject the deposits ticked on the page (each row's checkbox belongs to this form through its
 * form attribute, so it works before scripts run). The action decides each deposit on its own and reports
 * each outcome.
 */
export function BulkDecision({ t }: { t: ConsoleMessages }) {
  const words = t.approvals.bulk;
  return (
    <section aria-label={words.label} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
      <ActionForm
        id={BULK_FORM_ID}
        action={bulkDecideDepositsAction}
        submitLabel={words.submit}
        submitVariant="secondary"
        refreshAfterMs={4000}
      >
        <SelectField
          label={words.decision}
          name="decision"
          defaultValue="approve"
          options={[
            { value: "approve", label: words.approve },
            { value: "reject", label: words.reject },
          ]}
        />
        <TextField
          label={words.reason}
          name="reason"
          maxLength={500}
          autoComplete="off"
          list="bulk-reject-reasons"
          className="min-w-0 flex-1 basis-64"
        />
        <datalist id="bulk-reject-reasons">
          {t.approvals.presets.deposit.map((preset) => (
            <option key={preset} value={preset} />
          ))}
        </datalist>
      </ActionForm>
      <p className="mt-2 text-xs text-slate-600">{words.hint}</p>
    </section>
  );
}
