import {
  confirmSecondApprovalAction,
  declineSecondApprovalAction,
} from "@/app/console/(app)/approvals/second-approval-actions";
import { ConfirmAction } from "@/components/console/confirm-action";
import { ProposalCard } from "./proposal-card";
import { TextField } from "@/components/ui/text-field";
import type { listOpenProposals } from "@/lib/domain/approvals/second-approval";
import { consoleTime } from "@/lib/edge/console/format";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { formatMoney } from "@/lib/base/money/format-money";

type Proposals = Awaited<ReturnType<typeof listOpenProposals>>;

/**
 * Deposits awaiting a second approval (four eyes): who proposed which amount, why, and the bank's
 * reference for a late completion. An admin other than the proposer confirms or declines; the proposer
 * sees it marked as theirs and may only withdraw it; dealer staff only see it. Plain forms posting to
 * server actions, so it works without scripts.
 */
export function SecondApprovals({
  proposals,
  viewer,
  t,
}: {
  proposals: Proposals;
  viewer: { id: number; email: string; admin: boolean };
  t: ConsoleMessages;
}) {
  if (proposals.length === 0) return null;
  const w = t.approvals.secondApproval;
  return (
    <section aria-labelledby="second-approvals" className="flex flex-col gap-3">
      <h2 id="second-approvals" className="text-lg font-medium">
        {w.heading(proposals.length)}
      </h2>
      <p className="text-sm text-slate-600">{w.intro}</p>
      {proposals.map((p) => {
        const amount = formatMoney(p.amount, t.lang);
        const person = p.transaction.fullname || p.transaction.username;
        const mine = p.proposedByUserId === viewer.id || p.proposedBy.toLowerCase() === viewer.email.toLowerCase();
        // Money out (a withdrawal marked paid, an E-IBAN withdrawal sent) is worded as a payout, not a deposit.
        const payout = p.transaction.direction === "WITHDRAWAL" ? w.payout : null;
        const hidden = <input type="hidden" name="id" value={p.id} />;
        return (
          <ProposalCard
            key={p.id}
            label={`${w.badge} ${p.transaction.trackingCode}`}
            badge={w.badge}
            subject={p.transaction.trackingCode}
            who={person}
            when={consoleTime(p.createdAt, t.lang)}
          >
            <p className="text-sm font-medium break-words">
              {payout
                ? payout.proposedBy(p.proposedBy, amount)
                : w.proposedBy(p.proposedBy, amount, formatMoney(p.transaction.amount, t.lang))}
            </p>
            {p.fromStatus === "expired" && <p className="text-sm text-amber-900">{w.late}</p>}
            {p.bankReference && <p className="text-sm break-all">{w.bankReference(p.bankReference)}</p>}
            {p.reason && <p className="text-sm break-words text-slate-700">{w.reason(p.reason)}</p>}
            {mine && <p className="text-sm text-slate-600">{w.yours}</p>}
            {viewer.admin && (
              <div className="flex flex-wrap items-start gap-3">
                {!mine && (
                  <ConfirmAction
                    id={`confirm-second-${p.id}`}
                    trigger={w.confirm}
                    title={payout ? payout.confirmTitle(amount, person) : w.confirmTitle(amount, person)}
                    details={
                      <p>
                        {!payout
                          ? w.confirmBody
                          : p.transaction.method === "EIBAN"
                            ? payout.confirmSend
                            : payout.confirmPaid}
                      </p>
                    }
                    confirmLabel={payout ? payout.confirmLabel : w.confirmLabel}
                    action={confirmSecondApprovalAction}
                  >
                    {hidden}
                  </ConfirmAction>
                )}
                <ConfirmAction
                  id={`decline-second-${p.id}`}
                  variant="danger"
                  trigger={w.decline}
                  title={w.declineTitle(amount, person)}
                  details={<p>{payout ? payout.declineBody : w.declineBody}</p>}
                  confirmLabel={w.declineLabel}
                  action={declineSecondApprovalAction}
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
