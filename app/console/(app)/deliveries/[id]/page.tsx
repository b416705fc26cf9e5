import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/console/action-form";
import { DeliveryStateBadge } from "@/components/console/delivery-state-badge";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { getDelivery } from "@/lib/callbacks/get-delivery";
import { consoleTime, KIND_LABELS } from "@/lib/console/format";
import { resendDeliveryAction } from "../actions";

export const metadata: Metadata = { title: "Callback delivery" };

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 break-all">{children}</dd>
    </div>
  );
}

function Pre({ children }: { children: string }) {
  return <pre className="max-h-64 overflow-auto rounded bg-slate-900 p-3 text-xs whitespace-pre-wrap text-slate-100">{children}</pre>;
}

export default async function DeliveryPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireConsoleUser();
  const id = Number((await params).id);
  const delivery = Number.isInteger(id) ? await getDelivery(user, id) : null;
  if (!delivery) notFound();
  return (
    <div className="flex flex-col gap-6">
      <Link href="/console/deliveries" className="text-sm text-slate-600 hover:text-slate-900">
        ← All deliveries
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">Delivery #{delivery.id}</h1>
        <DeliveryStateBadge state={delivery.state} />
      </div>
      <dl className="grid grid-cols-2 gap-4 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200 md:grid-cols-4">
        <Field label="Callback">{KIND_LABELS[delivery.kind]}</Field>
        <Field label="Tracking code">
          <span className="font-mono">{delivery.trackingCode}</span>
        </Field>
        <Field label="Status sent">{delivery.status}</Field>
        <Field label="Receiver">{delivery.provider?.name ?? delivery.dealer?.name ?? "—"}</Field>
        <Field label="URL">{delivery.url || "not configured"}</Field>
        <Field label="Attempts">{delivery.attemptCount}</Field>
        <Field label="Next attempt">{delivery.state === "PENDING" ? consoleTime(delivery.nextAttemptAt) : "—"}</Field>
        <Field label="Delivered">{consoleTime(delivery.deliveredAt)}</Field>
      </dl>
      {user.role !== "PROVIDER" && (
        <ActionForm action={resendDeliveryAction} submitLabel="Resend now" pendingLabel="Queuing…">
          <input type="hidden" name="id" value={delivery.id} />
        </ActionForm>
      )}
      <section className="flex flex-col gap-4">
        <h2 className="text-lg font-medium">Attempts</h2>
        {delivery.attempts.length === 0 && <p className="text-sm text-slate-600">No attempt yet.</p>}
        {delivery.attempts.map((a) => (
          <article key={a.id} className="rounded-lg bg-white p-4 ring-1 ring-slate-200" aria-label={`Attempt ${a.attemptNumber}`}>
            <header className="mb-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
              <strong>Attempt {a.attemptNumber}</strong>
              <span>{consoleTime(a.startedAt)}</span>
              <span>{a.durationMs} ms</span>
              <span className={a.succeeded ? "text-emerald-700" : "text-red-700"}>
                {a.statusCode ? `HTTP ${a.statusCode}` : "no response"} {a.succeeded ? "· acknowledged" : a.error ? `· ${a.error}` : ""}
              </span>
            </header>
            <div className="grid gap-3 md:grid-cols-2">
              <div>
                <h3 className="mb-1 text-xs text-slate-500 uppercase">Request</h3>
                <Pre>{`${Object.entries(a.requestHeaders as Record<string, string>).map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${a.requestBody}`}</Pre>
              </div>
              <div>
                <h3 className="mb-1 text-xs text-slate-500 uppercase">Response (first 2 KiB)</h3>
                <Pre>{a.responseExcerpt ?? "(empty)"}</Pre>
              </div>
            </div>
          </article>
        ))}
      </section>
    </div>
  );
}
