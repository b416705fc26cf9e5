import { sourceWords } from "@/lib/edge/console/word-note";
import Link from "next/link";
import { resolveAlertAction } from "@/app/console/(app)/approvals/actions";
import { approveOrProposeDepositAction } from "@/app/console/(app)/approvals/second-approval-actions";
import { ConfirmAction } from "@/components/console/confirm-action";
import { movesFor, type ActorRole } from "@/lib/domain/payment-methods";
import { formatAmount } from "@/lib/base/money/format-money";
import { ActionForm } from "@/components/console/action-form";
import { TextField } from "@/components/ui/text-field";
import type { listOpenAlerts } from "@/lib/domain/alerts/list-alerts";
import type { AlertKind } from "@/lib/domain/alerts/raise-alert";
import { alertMessage } from "@/lib/edge/console/word-note";
import { discrepancyIdOf } from "@/lib/edge/console/reconciliation-words";
import { consoleTime } from "@/lib/edge/console/format";
import { formatMoney } from "@/lib/base/money/format-money";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

type Alerts = Awaited<ReturnType<typeof listOpenAlerts>>;

/**
 * The "needs attention" queue: what a bank, the acquirer or a gateway reported that the lifecycle did not
 * apply. Each names its transaction and the report; staff resolve it by saying what they did.
 */
export function AlertsQueue({
  alerts,
  canResolve,
  role,
  t,
}: {
  alerts: Alerts;
  canResolve: boolean;
  role?: ActorRole;
  t: ConsoleMessages;
}) {
  const words = t.alerts;
  const w = t.approvals.secondApproval;
  // A late completion the table offers this role (an expired manual deposit whose money arrived): proposed here,
  // confirmed by a second admin.
  const lateMove = (tx: NonNullable<Alerts[number]["transaction"]>) =>
    role !== undefined && movesFor(tx, role).some((r) => r.to === "completed" && r.evidence === "bank_reference");
  return (
    <section aria-labelledby="alerts" className="flex flex-col gap-3">
      <h2 id="alerts" className="text-lg font-medium">
        {words.headingCount(alerts.length)}
      </h2>
      <p className="text-sm text-slate-600">{alerts.length ? words.intro : words.none}</p>
      {alerts.map((a) => (
        <article
          key={a.id}
          aria-label={`${words.kind[a.kind as AlertKind] ?? a.kind} ${a.transaction?.trackingCode ?? ""}`}
          className="flex flex-col gap-2 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300"
        >
          <header className="flex flex-wrap items-start justify-between gap-2">
            <p className="font-semibold text-amber-900">{words.kind[a.kind as AlertKind] ?? a.kind}</p>
            <p className="text-sm text-slate-600">
              {words.source}: {sourceWords(a.source, t)} · {words.raised}: {consoleTime(a.createdAt, t.lang)}
            </p>
          </header>
          {a.transaction && (
            <p className="text-sm">
              <Link
                className="font-mono text-xs text-indigo-700 underline"
                href={`/console/transactions/${a.transaction.id}`}
              >
                {a.transaction.trackingCode}
              </Link>{" "}
              · {a.transaction.fullname} · {formatMoney(a.transaction.amount, t.lang)} ·{" "}
              {t.labels.status[a.transaction.status]}
            </p>
          )}
          <p className="text-sm break-words text-slate-800">{alertMessage(a, a.transaction?.trackingCode, t)}</p>
          {/* A reconciliation discrepancy is resolved on its own page (explained, or accepted by two admins), which
             closes its alert: resolving the alert alone would leave the discrepancy open. */}
          <DiscrepancyLink id={discrepancyIdOf(a)} t={t} />
          {a.transaction && lateMove(a.transaction) && (
            <ConfirmAction
              id={`late-${a.id}`}
              trigger={w.completeLate}
              title={w.completeLateTitle(
                formatMoney(a.transaction.amount, t.lang),
                a.transaction.fullname || a.transaction.username,
              )}
              details={<p>{w.completeLateBody}</p>}
              confirmLabel={w.completeLate.replace("…", "")}
              action={approveOrProposeDepositAction}
            >
              <input type="hidden" name="id" value={a.transaction.id} />
              <TextField
                label={w.reference}
                name="reference"
                required
                minLength={3}
                maxLength={100}
                autoComplete="off"
              />
              <TextField
                label={t.approvals.amountReceived}
                name="amount"
                defaultValue={formatAmount(a.transaction.amount, t.lang)}
                inputMode="decimal"
                autoComplete="off"
                required
              />
              <TextField label={t.approvals.reasonIfChanged} name="reason" maxLength={500} autoComplete="off" />
            </ConfirmAction>
          )}
          {canResolve && discrepancyIdOf(a) === null && (
            <ActionForm action={resolveAlertAction} submitLabel={words.resolve} announce>
              <input type="hidden" name="id" value={a.id} />
              <TextField
                label={words.resolution}
                name="resolution"
                required
                minLength={3}
                className="w-80 max-w-full"
              />
            </ActionForm>
          )}
        </article>
      ))}
    </section>
  );
}

/** The discrepancy page an alert of the reconciliation names, and where it is resolved. */
function DiscrepancyLink({ id, t }: { id: number | null; t: ConsoleMessages }) {
  if (id === null) return null;
  return (
    <p className="text-sm">
      <Link className="font-medium text-indigo-700 underline" href={`/console/reconciliation/${id}`}>
        {t.reconciliation.alert.open(String(id))}
      </Link>
      <span className="block text-slate-600">{t.reconciliation.alert.resolvedThere}</span>
    </p>
  );
}
