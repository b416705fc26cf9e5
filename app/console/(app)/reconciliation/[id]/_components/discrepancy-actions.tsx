import {
  confirmAcceptanceAction,
  explainDiscrepancyAction,
  proposeAcceptanceAction,
} from "@/app/console/(app)/reconciliation/actions";
import { ConfirmAction } from "@/components/console/confirm-action";
import { TextAreaField } from "@/components/ui/text-area-field";
import { acceptanceOf } from "@/lib/domain/reconciliation/accept-partner-record";
import type { ReconDiscrepancy } from "@/lib/generated/prisma/client";
import { consoleTime } from "@/lib/edge/console/format";
import { discrepancyStatusWord, recordKindWord, reconMoney, UNRESOLVED } from "@/lib/edge/console/reconciliation-words";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

type Viewer = { id: number; email: string; admin: boolean };

/**
 * What can be done about a discrepancy, by whom: admins explain it (closed with a reason, nothing applied) or,
 * where accepting the partner's record has a defined effect (acceptanceOf), propose it; another admin then
 * confirms it (four eyes), while the proposer is told it awaits a second admin. Dealer staff read. Each is a
 * confirmation dialog over a plain form posting to a server action, so it works before scripts load.
 */
export function DiscrepancyActions({ d, viewer, t }: { d: ReconDiscrepancy; viewer: Viewer; t: ConsoleMessages }) {
  const w = t.reconciliation.act;
  const open = UNRESOLVED.has(d.status);
  const record = recordKindWord(d.recordKind, t).toLocaleLowerCase(t.lang === "tr" ? "tr-TR" : "en-GB");
  const amount = reconMoney(d.amount, d.currency, t);
  const acceptance = acceptanceOf(d);
  const mine = d.proposedById === viewer.id || (d.proposedBy ?? "").toLowerCase() === viewer.email.toLowerCase();
  const hidden = <input type="hidden" name="id" value={d.id} />;
  return (
    <section
      aria-labelledby="recon-act"
      className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
      data-testid="recon-actions"
    >
      <h2 id="recon-act" className="font-medium">
        {w.heading}
      </h2>
      {!open && <p className="text-sm">{w.closed(discrepancyStatusWord(d.status, t))}</p>}
      {d.status === "proposed" && (
        <p className="text-sm font-medium text-indigo-900">
          {w.awaiting(d.proposedBy ?? "", consoleTime(d.proposedAt, t.lang))}
          {mine && <span className="block font-normal">{w.yours}</span>}
        </p>
      )}
      {open && !viewer.admin && <p className="text-sm text-slate-700">{w.readOnly}</p>}
      {open && viewer.admin && (
        <div className="flex flex-wrap items-start gap-3">
          {d.status === "proposed" && !mine && (
            <ConfirmAction
              id={`recon-confirm-${d.id}`}
              trigger={w.confirm}
              title={w.confirmTitle(record, amount)}
              details={
                <>
                  {acceptance && <p>{w.effect[acceptance]}</p>}
                  <p className="mt-1">{w.confirmBody}</p>
                </>
              }
              confirmLabel={w.confirmLabel}
              action={confirmAcceptanceAction}
            >
              {hidden}
            </ConfirmAction>
          )}
          {d.status === "open" && acceptance && (
            <ConfirmAction
              id={`recon-accept-${d.id}`}
              trigger={w.accept}
              title={w.acceptTitle(record, amount)}
              details={
                <>
                  <p>{w.effect[acceptance]}</p>
                  <p className="mt-1 font-medium">{w.secondAdmin}</p>
                </>
              }
              confirmLabel={w.acceptConfirm}
              action={proposeAcceptanceAction}
            >
              {hidden}
            </ConfirmAction>
          )}
          <ConfirmAction
            id={`recon-explain-${d.id}`}
            variant="secondary"
            trigger={w.explain}
            title={w.explainTitle}
            details={<p>{w.explainBody}</p>}
            confirmLabel={w.explainConfirm}
            action={explainDiscrepancyAction}
          >
            {hidden}
            <TextAreaField label={w.reasonLabel} name="reason" required minLength={3} maxLength={500} rows={3} />
          </ConfirmAction>
        </div>
      )}
      {open && viewer.admin && d.status === "open" && !acceptance && (
        <p className="text-sm text-slate-600">{w.notAcceptable}</p>
      )}
    </section>
  );
}
