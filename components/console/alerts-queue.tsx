import Link from "next/link";
import { resolveAlertAction } from "@/app/console/(app)/approvals/actions";
import { ActionForm } from "@/components/console/action-form";
import { TextField } from "@/components/ui/text-field";
import type { listOpenAlerts } from "@/lib/domain/alerts/list-alerts";
import type { AlertKind } from "@/lib/domain/alerts/raise-alert";
import { describeAlertMessage } from "@/lib/edge/console/describe-domain-text";
import { consoleTime } from "@/lib/edge/console/format";
import { formatMoney } from "@/lib/base/money/format-money";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

type Alerts = Awaited<ReturnType<typeof listOpenAlerts>>;

/**
 * The "needs attention" queue: what a bank, the acquirer or a gateway reported that the lifecycle did not
 * apply. Each names its transaction and the report; staff resolve it by saying what they did.
 */
export function AlertsQueue({ alerts, canResolve, t }: { alerts: Alerts; canResolve: boolean; t: ConsoleMessages }) {
  const words = t.alerts;
  return (
    <section aria-labelledby="alerts" className="flex flex-col gap-3">
      <h2 id="alerts" className="text-lg font-medium">
        {words.headingCount(alerts.length)}
      </h2>
      <p className="text-sm text-slate-600">{alerts.length ? words.intro : words.none}</p>
      {alerts.map((a) => (
        <article key={a.id} aria-label={`${words.kind[a.kind as AlertKind] ?? a.kind} ${a.transaction?.trackingCode ?? ""}`} className="flex flex-col gap-2 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300">
          <header className="flex flex-wrap items-start justify-between gap-2">
            <p className="font-semibold text-amber-900">{words.kind[a.kind as AlertKind] ?? a.kind}</p>
            <p className="text-sm text-slate-600">
              {words.source}: {a.source} · {words.raised}: {consoleTime(a.createdAt, t.lang)}
            </p>
          </header>
          {a.transaction && (
            <p className="text-sm">
              <Link className="font-mono text-xs text-indigo-700 underline" href={`/console/transactions/${a.transaction.id}`}>
                {a.transaction.trackingCode}
              </Link>{" "}
              · {a.transaction.fullname} · {formatMoney(a.transaction.amount, t.lang)} · {t.labels.status[a.transaction.status]}
            </p>
          )}
          <p className="text-sm break-words text-slate-800">{describeAlertMessage(a.message, a.transaction?.trackingCode, t)}</p>
          {canResolve && (
            <ActionForm action={resolveAlertAction} submitLabel={words.resolve} refreshAfterMs={2000}>
              <input type="hidden" name="id" value={a.id} />
              <TextField label={words.resolution} name="resolution" required minLength={3} className="w-80 max-w-full" />
            </ActionForm>
          )}
        </article>
      ))}
    </section>
  );
}
