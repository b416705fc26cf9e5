import { confirmRefundAction, declineRefundAction } from "@/app/console/(app)/card-payments/actions";
import { ConfirmAction } from "@/components/console/confirm-action";
import { ProposalCard } from "./proposal-card";
import { TextField } from "@/components/ui/text-field";
import type { listProposedRefunds } from "@/lib/domain/cards/second-card-refund";
import { consoleTime } from "@/lib/edge/console/format";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { formatMoney } from "@/lib/base/money/format-money";

type Refunds = Awaited<ReturnType<typeof listProposedRefunds>>;

/**
 * Card refunds above the four-eyes limit awaiting a second admin: who proposed how much of which payment, and why.
 * An admin other than the proposer confirms (the refund is sent then) or any admin declines; the proposer sees it
 * marked as theirs; dealer staff only see it. Plain forms posting to server actions, so it works without scripts.
 */
export function ProposedRefunds({
  refunds,
  viewer,
  t,
}: {
  refunds: Refunds;
  viewer: { id: number; email: string; admin: boolean };
  t: ConsoleMessages;
}) {
  if (refunds.length === 0) return null;
  const w = t.cardPayments.proposedRefunds;
  return (
    <section aria-labelledby="proposed-refunds" className="flex flex-col gap-3">
      <h2 id="proposed-refunds" className="text-lg font-medium">
        {w.heading(refunds.length)}
      </h2>
      <p className="text-sm text-slate-600">{w.intro}</p>
      {refunds.map((r) => {
        const amount = formatMoney(r.amount, t.lang);
        const person = r.transaction.fullname || r.transaction.username;
        const mine = r.actorUserId === viewer.id || r.actorLabel.toLowerCase() === viewer.email.toLowerCase();
        const hidden = <input type="hidden" name="refundId" value={r.refundId} />;
        return (
          <ProposalCard
            key={r.id}
            label={`${t.approvals.secondApproval.badge} ${r.transaction.trackingCode}`}
            badge={t.approvals.secondApproval.badge}
            subject={r.transaction.trackingCode}
            who={person}
            when={consoleTime(r.createdAt, t.lang)}
          >
            <p className="text-sm font-medium break-words">
              {w.proposedBy(r.actorLabel, amount, formatMoney(r.transaction.amount, t.lang))}
            </p>
            {r.reason && (
              <p className="text-sm break-words text-slate-700">{t.approvals.secondApproval.reason(r.reason)}</p>
            )}
            {mine && <p className="text-sm text-slate-600">{t.approvals.secondApproval.yours}</p>}
            {viewer.admin && (
              <div className="flex flex-wrap items-start gap-3">
                {!mine && (
                  <ConfirmAction
                    id={`confirm-refund-${r.id}`}
                    variant="danger"
                    trigger={w.confirm}
                    title={w.confirmTitle(amount, person)}
                    details={<p>{w.confirmBody}</p>}
                    confirmLabel={w.confirmLabel}
                    action={confirmRefundAction}
                  >
                    {hidden}
                  </ConfirmAction>
                )}
                <ConfirmAction
                  id={`decline-refund-${r.id}`}
                  variant="secondary"
                  trigger={w.decline}
                  title={w.declineTitle(amount, person)}
                  details={<p>{w.declineBody}</p>}
                  confirmLabel={w.declineLabel}
                  action={declineRefundAction}
                >
                  {hidden}
                  <TextField
                    label={t.approvals.reasonSeen}
                    name="reason"
                    required
                    minLength={3}
                    maxLength={500}
                    autoComplete="off"
                  />
                </ConfirmAction>
              </div>
            )}
          </ProposalCard>
        );
      })}
    </section>
  );
}
