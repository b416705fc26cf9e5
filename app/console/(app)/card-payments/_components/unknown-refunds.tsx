import { checkRefundAction } from "@/app/console/(app)/card-payments/actions";
import { ActionForm } from "@/components/console/action-form";
import { consoleTime } from "@/lib/edge/console/format";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { formatMoney } from "@/lib/base/money/format-money";

type UnknownRefund = {
  refundId: string;
  amount: { toFixed: (n: number) => string };
  sentAt: Date | null;
  createdAt: Date;
};

/**
 * A card payment's refunds that got no answer from the acquirer: what is held and why, and the two things
 * staff can do about one now (the housekeeping task checks every minute anyway): ask the acquirer's
 * records, or send the same refund again once they show it was not made.
 */
export function UnknownRefunds({ refunds, t }: { refunds: UnknownRefund[]; t: ConsoleMessages }) {
  const words = t.cardPayments;
  return (
    <section
      aria-label={words.unknownRefunds}
      className="flex flex-col gap-3 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300"
      data-testid="unknown-refunds"
    >
      <h2 className="font-medium text-amber-900">{words.unknownRefunds}</h2>
      {refunds.map((r) => (
        <div key={r.refundId} className="flex flex-col gap-2 text-sm">
          <p>
            {words.unknownRefund(
              formatMoney(r.amount, t.lang),
              r.refundId,
              consoleTime(r.sentAt ?? r.createdAt, t.lang) ?? "",
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            <ActionForm
              action={checkRefundAction}
              submitLabel={words.checkRefund}
              submitVariant="secondary"
              refreshAfterMs={2000}
            >
              <input type="hidden" name="refundId" value={r.refundId} />
            </ActionForm>
            <ActionForm
              action={checkRefundAction}
              submitLabel={words.retryRefund}
              submitVariant="danger"
              refreshAfterMs={2000}
              confirmText={words.retryRefundHint}
            >
              <input type="hidden" name="refundId" value={r.refundId} />
              <input type="hidden" name="retry" value="1" />
            </ActionForm>
          </div>
        </div>
      ))}
    </section>
  );
}
