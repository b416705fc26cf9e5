import { refundAction } from "@/app/console/(app)/card-payments/actions";
import { AmountEcho } from "@/app/console/(app)/card-payments/_components/amount-echo";
import { ConfirmAction } from "@/components/console/confirm-action";
import { TextField } from "@/components/ui/text-field";
import type { RefundSummary } from "@/lib/domain/explorer/refund-summary";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { formatAmount, formatMoney } from "@/lib/base/money/format-money";

type Payment = {
  id: number;
  trackingCode: string;
  orderId: string | null;
  fullname: string;
  username: string;
  amount: { toFixed: (n: number) => string };
};

// Marks where the amount goes in a sentence, so the dictionary's own word order holds around the typed amount.
const SLOT = "\u0000";

/**
 * "Refund 50,00 TL to Ayşe Yılmaz?": a refund asks first, in red, and always says why. The dialog says what
 * was paid, what is already refunded and what is left, offers what is left as the amount, and names the
 * amount being typed; without scripts it names the most that can be refunded instead.
 */
export function RefundConfirm({
  payment: p,
  refunds,
  t,
  quiet = false,
}: {
  payment: Payment;
  refunds: RefundSummary;
  t: ConsoleMessages;
  /** A secondary button (the transaction page's header): the dialog still confirms in red. */
  quiet?: boolean;
}) {
  const words = t.cardPayments;
  const person = p.fullname || p.username;
  const money = (amount: string | Payment["amount"]) => formatMoney(amount, t.lang);
  const amountId = `refund-${p.id}-amount`;
  const around = (sentence: string) => sentence.split(SLOT) as [string, string];
  if (refunds.left === "0.00")
    return (
      <p className="text-sm text-slate-600">
        {refunds.held !== "0.00" ? words.refundHeld(money(refunds.held)) : words.nothingLeft}
      </p>
    );
  return (
    <ConfirmAction
      // A refund made changes what is left: the dialog starts again from the new figures, not from what was typed.
      key={`${refunds.refunded}/${refunds.held}`}
      id={`refund-${p.id}`}
      variant="danger"
      triggerVariant={quiet ? "secondary" : undefined}
      trigger={words.refund}
      title={
        <AmountEcho
          inputId={amountId}
          lang={t.lang}
          whenEmpty={refunds.left}
          around={around(words.refundTitle(SLOT, person))}
          fallback={words.refundUpTo(money(refunds.left), person)}
        />
      }
      details={
        <>
          <p className="font-mono text-xs break-all">
            {p.trackingCode}
            {p.orderId ? ` · ${p.orderId}` : ""}
          </p>
          <p className="mt-1 font-medium" data-testid="refund-state">
            {words.refundState(money(p.amount), money(refunds.refunded), money(refunds.left))}
          </p>
          {refunds.held !== "0.00" && <p className="mt-1">{words.refundHeld(money(refunds.held))}</p>}
          <p className="mt-1">{words.refundBody}</p>
        </>
      }
      confirmLabel={
        <AmountEcho
          inputId={amountId}
          lang={t.lang}
          whenEmpty={refunds.left}
          around={around(words.refundConfirm(SLOT))}
          fallback={words.refundEntered}
        />
      }
      action={refundAction}
      refreshAfterMs={2000}
    >
      <input type="hidden" name="id" value={p.id} />
      <TextField
        label={t.approvals.reasonSeen}
        name="reason"
        required
        minLength={3}
        maxLength={500}
        autoComplete="off"
      />
      <TextField
        id={amountId}
        label={words.refundAmount}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={formatAmount(refunds.left, t.lang)}
        className="w-48"
      />
    </ConfirmAction>
  );
}
