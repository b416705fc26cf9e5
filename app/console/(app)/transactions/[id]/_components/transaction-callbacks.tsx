import Link from "next/link";
import { resendDeliveryAction } from "@/app/console/(app)/deliveries/actions";
import { ActionForm } from "@/components/console/action-form";
import { DeliveryStateBadge } from "@/components/console/delivery-state-badge";
import { TableHead } from "@/components/console/table-head";
import { consoleTime } from "@/lib/edge/console/format";
import type { CallbackKind, DeliveryState } from "@/lib/generated/prisma/enums";
import { SentStatus } from "@/components/console/sent-status";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { STACK_ON_PHONE } from "@/components/console/data-table";

type Attempt = {
  id: number;
  attemptNumber: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  succeeded: boolean;
  error: string | null;
};
type Delivery = {
  id: number;
  kind: CallbackKind;
  status: string;
  url: string;
  state: DeliveryState;
  attemptCount: number;
  nextAttemptAt: Date;
  attempts: Attempt[];
};

function outcome(a: Attempt, t: ConsoleMessages): string {
  const response = a.statusCode ? `HTTP ${a.statusCode}` : t.deliveries.noResponse;
  if (a.succeeded) return `${response} · ${t.deliveries.acknowledged}`;
  // The recorded error of a plain HTTP failure is "HTTP 503" again: say it once.
  return a.error && a.error !== response ? `${response} · ${a.error}` : response;
}

/**
 * The callbacks this transaction caused, each with its latest attempts; request and response bodies are on the
 * delivery's page.
 */
export function TransactionCallbacks({
  deliveries,
  canResend,
  t,
}: {
  deliveries: Delivery[];
  canResend: boolean;
  t: ConsoleMessages;
}) {
  const words = t.deliveries.ofTransaction;
  return (
    <section aria-labelledby="callbacks" className="flex flex-col gap-3">
      <h2 id="callbacks" className="text-lg font-medium">
        {words.heading}
      </h2>
      {deliveries.length === 0 && <p className="text-sm text-slate-600">{words.none}</p>}
      {deliveries.map((d) => (
        <article
          key={d.id}
          aria-label={words.label(d.id)}
          className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
        >
          <header className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <strong>{t.labels.kind[d.kind]}</strong>
            <span>
              <SentStatus status={d.status} labels={t.labels} sentence={words.statusSent} />
            </span>
            <DeliveryStateBadge state={d.state} />
            <span className="break-all text-slate-600">{d.url || words.noUrl}</span>
            {d.state === "PENDING" && (
              <span className="text-slate-600">{words.nextAttempt(consoleTime(d.nextAttemptAt, t.lang))}</span>
            )}
            <Link href={`/console/deliveries/${d.id}`} className="text-brand-700 underline-offset-2 hover:underline">
              {words.bodies}
            </Link>
          </header>
          <div
            tabIndex={0}
            className={
              "overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 " +
              "focus-visible:outline-brand-600"
            }
          >
            <table className={`w-full text-left text-sm ${STACK_ON_PHONE}`}>
              <TableHead columns={[words.attempt, words.started, words.duration, words.result]} />
              <tbody>
                {d.attempts.length === 0 && (
                  <tr>
                    <td colSpan={4} className="px-3 py-3 text-slate-600">
                      {t.deliveries.noAttempt}
                    </td>
                  </tr>
                )}
                {d.attempts.map((a) => (
                  <tr key={a.id} className="border-t border-slate-100" data-testid="attempt-row">
                    <td className="px-3 py-2 tabular-nums">{a.attemptNumber}</td>
                    <td className="px-3 py-2 whitespace-nowrap tabular-nums">{consoleTime(a.startedAt, t.lang)}</td>
                    <td className="px-3 py-2 tabular-nums">{a.durationMs} ms</td>
                    <td className={`px-3 py-2 ${a.succeeded ? "text-emerald-700" : "text-red-700"}`}>
                      {outcome(a, t)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {d.attemptCount > d.attempts.length && (
              <p className="px-3 pt-2 text-xs text-slate-500">{words.latestOf(d.attempts.length, d.attemptCount)}</p>
            )}
          </div>
          {canResend && (
            <ActionForm
              action={resendDeliveryAction}
              submitLabel={t.deliveries.resend}
              pendingLabel={t.deliveries.queuing}
              refreshAfterMs={2500}
            >
              <input type="hidden" name="id" value={d.id} />
            </ActionForm>
          )}
        </article>
      ))}
    </section>
  );
}
