import type { ReactNode } from "react";
import { consoleTime } from "@/lib/edge/console/format";
import { recordKindWord, reconMoney } from "@/lib/edge/console/reconciliation-words";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;

/** A stored value as text: an instant in the console's time, objects as JSON, nothing as a dash. */
function shown(key: string, value: unknown, t: ConsoleMessages): string {
  if (value === null || value === undefined || value === "") return "—";
  if ((key === "at" || key === "occurredAt") && typeof value === "string" && !Number.isNaN(Date.parse(value)))
    return consoleTime(new Date(value), t.lang);
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** Label and value pairs; long references and raw values break anywhere so the panel never widens the page. */
function Fields({ items, testId }: { items: [string, ReactNode][]; testId?: string }) {
  return (
    <dl
      className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]"
      data-testid={testId}
    >
      {items.map(([label, value], i) => (
        <div key={`${label}-${i}`} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Side({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section
      aria-label={title}
      className="flex min-w-0 flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
      data-testid={testId}
    >
      <h2 className="font-medium">{title}</h2>
      {children}
    </section>
  );
}

/**
 * Both sides of a discrepancy as the run read them, side by side (one above the other on a phone): ours with
 * the summary staff know it by (tracking code, order, status), the partner's in our words and then exactly as
 * the partner sent it, field by field in the partner's own names.
 */
export function BothRecords({ ours, theirs, t }: { ours: unknown; theirs: unknown; t: ConsoleMessages }) {
  const w = t.reconciliation;
  const f = w.detail.fields;
  const named: Record<string, string> = f;
  const statusWords: Record<string, string> = t.labels.status;
  const our = asObject(ours);
  const their = asObject(theirs);
  const status = (value: unknown) => w.recordStatuses[String(value)] ?? shown("status", value, t);
  const money = (side: Json) =>
    typeof side.amount === "string" && typeof side.currency === "string"
      ? reconMoney(side.amount, side.currency, t)
      : shown("amount", side.amount, t);
  const summary = asObject(our?.summary) ?? {};
  const raw = asObject(their?.raw) ?? {};
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Side title={w.detail.ours} testId="recon-ours">
        {our ? (
          <Fields
            testId="recon-ours-fields"
            items={[
              [f.kind, recordKindWord(String(our.kind), t)],
              [f.amount, money(our)],
              [f.status, status(our.status)],
              // The summary's status is the payment's, refund's or transfer's own, in the console's words.
              ...Object.entries(summary).map(([k, v]): [string, ReactNode] =>
                k === "status"
                  ? [f.recordedStatus, statusWords[String(v)] ?? shown(k, v, t)]
                  : [named[k] ?? k, shown(k, v, t)],
              ),
            ]}
          />
        ) : (
          <p className="text-sm text-slate-700">{w.detail.noOurs}</p>
        )}
      </Side>
      <Side title={w.detail.theirs} testId="recon-theirs">
        {their ? (
          <>
            <Fields
              items={[
                [f.kind, recordKindWord(String(their.kind), t)],
                [f.amount, money(their)],
                [f.status, status(their.status)],
                [f.orderId, shown("orderId", their.orderId, t)],
                [f.partnerReference, shown("partnerReference", their.partnerReference, t)],
                [f.occurredAt, shown("occurredAt", their.occurredAt, t)],
              ]}
            />
            <h3 className="text-sm font-medium text-slate-700">{w.detail.raw}</h3>
            <div translate="no">
              <Fields
                testId="recon-raw"
                items={Object.entries(raw).map(([k, v]): [string, ReactNode] => [k, shown(k, v, t)])}
              />
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-700">{w.detail.noTheirs}</p>
        )}
      </Side>
    </div>
  );
}
