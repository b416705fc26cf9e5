import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/console/action-form";
import { DeliveryStateBadge } from "@/components/console/delivery-state-badge";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { routeId } from "@/lib/edge/console/route-id";
import { getDelivery } from "@/lib/domain/callbacks/get-delivery";
import { consoleTime } from "@/lib/edge/console/format";
import { SentStatus } from "@/components/console/sent-status";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { resendDeliveryAction } from "../actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).titles.delivery };
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 wrap-anywhere">{children}</dd>
    </div>
  );
}

/** Headers and bodies wrap anywhere: a signature or a one-line JSON body has no spaces to break at. */
function Pre({ children }: { children: string }) {
  // Focusable: a long body scrolls inside its box, and keyboard users must be able to scroll it too.
  return (
    <pre
      tabIndex={0}
      className={
        "max-h-64 overflow-auto rounded bg-slate-900 p-3 text-xs wrap-anywhere whitespace-pre-wrap " + "text-slate-100"
      }
    >
      {children}
    </pre>
  );
}

export default async function DeliveryPage({ params }: { params: Promise<{ id: string }> }) {
  const [user, t] = await Promise.all([requireConsoleUser(sectionRoles("deliveries")), consoleMessages()]);
  const delivery = await getDelivery(user, await routeId(params));
  if (!delivery) notFound();
  const words = t.deliveries;
  return (
    <div className="flex flex-col gap-6">
      <Link href="/console/deliveries" className="text-sm text-slate-600 hover:text-slate-900">
        {words.back}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{words.deliveryNumber(delivery.id)}</h1>
        <DeliveryStateBadge state={delivery.state} />
      </div>
      <dl className="grid grid-cols-2 gap-4 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200 md:grid-cols-4">
        <Field label={words.callback}>{t.labels.kind[delivery.kind]}</Field>
        <Field label={t.common.trackingCode}>
          <span className="font-mono">{delivery.trackingCode}</span>
        </Field>
        <Field label={words.statusSent}>
          <SentStatus status={delivery.status} labels={t.labels} />
        </Field>
        <Field label={words.receiver}>{delivery.provider?.name ?? delivery.dealer?.name ?? "—"}</Field>
        <Field label={words.url}>{delivery.url || words.notConfigured}</Field>
        <Field label={words.attempts}>{delivery.attemptCount}</Field>
        <Field label={words.nextAttempt}>
          {delivery.state === "PENDING" ? consoleTime(delivery.nextAttemptAt, t.lang) : "—"}
        </Field>
        <Field label={words.delivered}>{consoleTime(delivery.deliveredAt, t.lang)}</Field>
      </dl>
      {user.role !== "PROVIDER" && (
        <ActionForm action={resendDeliveryAction} submitLabel={words.resend} pendingLabel={words.queuing}>
          <input type="hidden" name="id" value={delivery.id} />
        </ActionForm>
      )}
      <section className="flex flex-col gap-4">
        <h2 className="text-lg font-medium">{words.attempts}</h2>
        {delivery.attempts.length === 0 && <p className="text-sm text-slate-600">{words.noAttempt}</p>}
        {delivery.attempts.map((a) => (
          <article
            key={a.id}
            className="rounded-lg bg-white p-4 ring-1 ring-slate-200"
            aria-label={words.attemptNumber(a.attemptNumber)}
          >
            <header className="mb-3 flex flex-wrap gap-x-6 gap-y-1 text-sm wrap-anywhere">
              <strong>{words.attemptNumber(a.attemptNumber)}</strong>
              <span>{consoleTime(a.startedAt, t.lang)}</span>
              <span>{a.durationMs} ms</span>
              <span className={a.succeeded ? "text-emerald-700" : "text-red-700"}>
                {a.statusCode ? `HTTP ${a.statusCode}` : words.noResponse}{" "}
                {a.succeeded ? `· ${words.acknowledged}` : a.error ? `· ${a.error}` : ""}
              </span>
            </header>
            <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
              <div className="min-w-0">
                <h3 className="mb-1 text-xs text-slate-500 uppercase">{words.request}</h3>
                {a.requestHeaders ? (
                  <Pre>{`${Object.entries(a.requestHeaders as Record<string, string>)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join("\n")}\n\n${a.requestBody ?? words.bodyPruned}`}</Pre>
                ) : (
                  <>
                    <Pre>{a.requestBody ?? words.bodyPruned}</Pre>
                    <p className="mt-1 text-xs text-slate-500">{words.headersHidden}</p>
                  </>
                )}
              </div>
              <div className="min-w-0">
                <h3 className="mb-1 text-xs text-slate-500 uppercase">{words.response}</h3>
                <Pre>{a.responseExcerpt ?? words.emptyBody}</Pre>
              </div>
            </div>
          </article>
        ))}
      </section>
    </div>
  );
}
