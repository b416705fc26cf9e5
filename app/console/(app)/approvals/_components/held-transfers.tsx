import {
  approveHeldTransferAction,
  confirmHeldTransferAction,
  declineHeldTransferAction,
} from "@/app/console/(app)/approvals/held-transfer-actions";
import { ConfirmAction } from "@/components/console/confirm-action";
import { ProposalCard } from "./proposal-card";
import { TextField } from "@/components/ui/text-field";
import type { listHeldTransfers } from "@/lib/domain/transfers/held-transfers";
import { consoleTime } from "@/lib/edge/console/format";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { formatIban } from "@/lib/base/iban/iban";
import { formatMoney } from "@/lib/base/money/format-money";

type Transfers = Awaited<ReturnType<typeof listHeldTransfers>>;

/**
 * Dealers' transfers above the four-eyes limit, reserved and not yet sent: one admin approves, another confirms
 * (it goes to the bank then), any admin declines (the reservation returns). The approver sees it marked as theirs;
 * dealer staff only see it. Plain forms posting to server actions, so it works without scripts.
 */
export function HeldTransfers({
  transfers,
  viewer,
  t,
}: {
  transfers: Transfers;
  viewer: { id: number; email: string; admin: boolean };
  t: ConsoleMessages;
}) {
  if (transfers.length === 0) return null;
  const w = t.approvals.heldTransfers;
  return (
    <section aria-labelledby="held-transfers" className="flex flex-col gap-3">
      <h2 id="held-transfers" className="text-lg font-medium">
        {w.heading(transfers.length)}
      </h2>
      <p className="text-sm text-slate-600">{w.intro}</p>
      {transfers.map((tr) => {
        const amount = formatMoney(tr.amount, t.lang);
        const approver = tr.approvalProposedBy;
        const mine =
          approver !== null &&
          (tr.approvalProposedByUserId === viewer.id || approver.toLowerCase() === viewer.email.toLowerCase());
        const hidden = <input type="hidden" name="transferId" value={tr.transferId} />;
        return (
          <ProposalCard
            key={tr.id}
            label={`${w.badge} ${tr.transferId}`}
            badge={w.badge}
            subject={tr.transferId}
            who={tr.dealer.name}
            when={consoleTime(tr.createdAt, t.lang)}
          >
            <p className="text-sm font-medium break-words">
              {w.what(amount, tr.recipientName, formatIban(tr.recipientIban))}
            </p>
            <p className="text-sm break-words text-slate-700">
              {w.from(tr.wallet.walletId, formatIban(tr.wallet.iban))}
              {tr.description ? ` · ${tr.description}` : ""}
            </p>
            {approver && <p className="text-sm text-slate-700">{mine ? w.yours : w.approvedBy(approver)}</p>}
            {viewer.admin && (
              <div className="flex flex-wrap items-start gap-3">
                {!approver && (
                  <ConfirmAction
                    id={`approve-transfer-${tr.id}`}
                    trigger={w.approve}
                    title={w.approveTitle(amount, tr.recipientName)}
                    details={<p>{w.approveBody}</p>}
                    confirmLabel={w.approveLabel}
                    action={approveHeldTransferAction}
                  >
                    {hidden}
                  </ConfirmAction>
                )}
                {approver && !mine && (
                  <ConfirmAction
                    id={`confirm-transfer-${tr.id}`}
                    variant="danger"
                    trigger={w.confirm}
                    title={w.confirmTitle(amount, tr.recipientName)}
                    details={<p>{w.confirmBody}</p>}
                    confirmLabel={w.confirmLabel}
                    action={confirmHeldTransferAction}
                  >
                    {hidden}
                  </ConfirmAction>
                )}
                <ConfirmAction
                  id={`decline-transfer-${tr.id}`}
                  variant="secondary"
                  trigger={w.decline}
                  title={w.declineTitle(amount, tr.recipientName)}
                  details={<p>{w.declineBody}</p>}
                  confirmLabel={w.declineLabel}
                  action={declineHeldTransferAction}
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
