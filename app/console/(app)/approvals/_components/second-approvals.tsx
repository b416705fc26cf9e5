import {
  confirmSecondApprovalAction,
  declineSecondApprovalAction,
} from "@/app/console/(app)/approvals/second-approval-actions";
import { ConfirmAction } from "@/components/console/confirm-action";
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
        const hidden = <input type="hidden" name="id" value={p.id} />;
        return (
          <article
            key={p.id}
            aria-label={`${w.badge} ${p.transaction.trackingCode}`}
            data-second-approval
            className="flex flex-col gap-2 rounded-lg bg-white p-4 ring-1 ring-indigo-300"
          >
            <header className="flex flex-wrap items-start justify-between gap-2">
              <p className="min-w-0 text-sm">
                <span
                  className={
                    "mr-2 inline-block rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium " + "text-indigo-900"
                  }
                >
                  {w.badge}
                </span>
                <span className="font-mono text-xs break-all">{p.transaction.trackingCode}</span> · {person}
              </p>
              <p className="text-sm text-slate-600">{consoleTime(p.createdAt, t.lang)}</p>
            </header>
            <p className="text-sm font-medium break-words">
              {w.proposedBy(p.proposedBy, amount, formatMoney(p.transaction.amount, t.lang))}
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
                    title={w.confirmTitle(amount, person)}
                    details={<p>{w.confirmBody}</p>}
                    confirmLabel={w.confirmLabel}
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
                  details={<p>{w.declineBody}</p>}
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
          </article>
        );
      })}
    </section>
  );
}
