import { refundAction } from "@/app/console/(app)/card-payments/actions";
import { ConfirmAction } from "@/components/console/confirm-action";
import { TextField } from "@/components/ui/text-field";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { formatMoney } from "@/lib/base/money/format-money";

type Payment = { id: number; trackingCode: string; orderId: string | null; fullname: string; username: string; amount: { toFixed: (n: number) => string } };

/** "Refund 999,90 TL to Ayşe Yılmaz?": a refund asks first, in red, and always says why. */
export function RefundConfirm({ payment: p, t }: { payment: Payment; t: ConsoleMessages }) {
  const money = formatMoney(p.amount, t.lang);
  return (
    <ConfirmAction
      id={`refund-${p.id}`}
      variant="danger"
      trigger={t.cardPayments.refund}
      title={t.cardPayments.refundTitle(money, p.fullname || p.username)}
      details={
        <>
          <p className="font-mono text-xs break-all">
            {p.trackingCode}
            {p.orderId ? ` · ${p.orderId}` : ""}
          </p>
          <p className="mt-1">{t.cardPayments.refundBody}</p>
        </>
      }
      confirmLabel={t.cardPayments.refundConfirm(money)}
      action={refundAction}
      refreshAfterMs={2000}
    >
      <input type="hidden" name="id" value={p.id} />
      <TextField label={t.approvals.reasonSeen} name="reason" required minLength={3} maxLength={500} autoComplete="off" />
      <TextField label={t.cardPayments.refundAmount} name="amount" inputMode="decimal" autoComplete="off" className="w-48" />
    </ConfirmAction>
  );
}
