import type { Metadata } from "next";
import { ActionForm } from "@/components/console/action-form";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { AlertsQueue } from "@/components/console/alerts-queue";
import { listOpenAlerts } from "@/lib/alerts/list-alerts";
import { candidateLines } from "@/lib/approvals/candidate-lines";
import { listApprovalQueues } from "@/lib/approvals/list-approval-queues";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { consoleTime } from "@/lib/console/format";
import type { Origin } from "@/lib/generated/prisma/enums";
import { formatIban } from "@/lib/iban/iban";
import { movesFor, type ActorRole } from "@/lib/payment-methods";
import type { ConsoleMessages } from "@/lib/i18n/console/messages";
import { consoleMessages } from "@/lib/i18n/console/server";
import { approveDepositAction, matchDepositAction, rejectDepositAction, withdrawalStepAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).approvals.heading };
}

function Who({ tx, t }: { tx: { fullname: string; username: string; userId: string; site: { name: string } | null; origin: Origin }; t: ConsoleMessages }) {
  return (
    <div className="text-sm">
      <p className="font-medium">{tx.fullname}</p>
      <p className="text-slate-500">
        {tx.username} · {tx.userId} · {tx.site?.name ?? t.approvals.dealerApi(t.labels.originWord[tx.origin])}
      </p>
    </div>
  );
}

function Step({ id, step, label, reason, danger, t }: { id: number; step: string; label: string; reason?: boolean; danger?: boolean; t: ConsoleMessages }) {
  return (
    <ActionForm action={withdrawalStepAction} submitLabel={label} submitVariant={danger ? "danger" : "primary"} refreshAfterMs={2500}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="step" value={step} />
      {reason && <TextField label={t.common.reason} name="reason" className="w-48" />}
    </ActionForm>
  );
}

export default async function ApprovalsPage() {
  const [user, t] = await Promise.all([requireConsoleUser(["ADMIN", "DEALER"]), consoleMessages()]);
  const [{ deposits, withdrawals, unmatched }, alerts] = await Promise.all([listApprovalQueues(user), listOpenAlerts(user)]);
  const a = t.approvals;
  const time = (d: Date) => consoleTime(d, t.lang);
  // What each row offers is what the lifecycle table lets this role do from where the transaction stands.
  const role: ActorRole = user.role === "ADMIN" ? "admin" : "dealer_staff";
  const can = (tx: Parameters<typeof movesFor>[0], to: string, amount?: string) => movesFor(tx, role).some((r) => r.to === to && (amount === undefined || r.amount === amount));
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-semibold">{a.heading}</h1>
      <AlertsQueue alerts={alerts} canResolve t={t} />
      <section aria-labelledby="deposits" className="flex flex-col gap-3">
        <h2 id="deposits" className="text-lg font-medium">
          {a.depositsWaiting(deposits.length)}
        </h2>
        {deposits.length === 0 && <p className="text-sm text-slate-600">{a.nothingWaiting}</p>}
        {deposits.map((d) => {
          const lines = candidateLines(unmatched, d);
          return (
            <article key={d.id} aria-label={d.trackingCode} className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
              <header className="flex flex-wrap items-start justify-between gap-3">
                <Who tx={d} t={t} />
                <div className="text-right text-sm">
                  <p className="font-mono text-xs">{d.trackingCode}</p>
                  <p>
                    {t.labels.method[d.method]} · <strong>{d.status === "pending" ? a.customerSaysSent : a.pageOpen}</strong> · {time(d.createdAt)}
                  </p>
                  <p className="text-lg font-semibold tabular-nums">{d.amount.toFixed(2)} TRY</p>
                </div>
              </header>
              <div className="flex flex-wrap gap-6">
                {can(d, "completed", "staff") && (
                  <ActionForm action={approveDepositAction} submitLabel={a.approve} refreshAfterMs={2500}>
                    <input type="hidden" name="id" value={d.id} />
                    <TextField label={a.amountReceived} name="amount" defaultValue={d.amount.toFixed(2)} inputMode="decimal" className="w-40" />
                  </ActionForm>
                )}
                {can(d, "canceled") && (
                  <ActionForm action={rejectDepositAction} submitLabel={a.reject} submitVariant="danger" refreshAfterMs={2500}>
                    <input type="hidden" name="id" value={d.id} />
                    <TextField label={t.common.reason} name="reason" className="w-56" />
                  </ActionForm>
                )}
                {can(d, "completed", "bank_line") && lines.length > 0 && (
                  <ActionForm action={matchDepositAction} submitLabel={a.matchPayment} refreshAfterMs={2500}>
                    <input type="hidden" name="id" value={d.id} />
                    <SelectField
                      label={a.incomingPayment}
                      name="line"
                      options={lines.map((l) => ({ value: String(l.id), label: a.incomingLine(l.amount.toFixed(2), l.senderName, time(l.occurredAt)) }))}
                    />
                  </ActionForm>
                )}
              </div>
            </article>
          );
        })}
      </section>
      <section aria-labelledby="withdrawals" className="flex flex-col gap-3">
        <h2 id="withdrawals" className="text-lg font-medium">
          {a.withdrawalsWaiting(withdrawals.length)}
        </h2>
        {withdrawals.length === 0 && <p className="text-sm text-slate-600">{a.nothingWaiting}</p>}
        {withdrawals.map((w) => {
          const inFlight = w.transfer?.status === "pending";
          return (
            <article key={w.id} aria-label={w.trackingCode} className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
              <header className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <Who tx={w} t={t} />
                  <p className="mt-1 font-mono text-xs">
                    {w.recipientName} · {formatIban(w.iban ?? "")}
                  </p>
                </div>
                <div className="text-right text-sm">
                  <p className="font-mono text-xs">{w.trackingCode}</p>
                  <p>
                    {t.labels.method[w.method]} · <strong>{inFlight ? a.sentWaitingForBank : w.status}</strong> · {time(w.createdAt)}
                  </p>
                  <p className="text-lg font-semibold tabular-nums">{w.amount.toFixed(2)} TRY</p>
                </div>
              </header>
              {!inFlight && (
                <div className="flex flex-wrap items-end gap-6">
                  {w.method === "EIBAN" && !w.transfer && (w.status === "processing" || can(w, "processing")) && <Step id={w.id} step="send" label={a.approveAndSend} t={t} />}
                  {w.method !== "EIBAN" && can(w, "processing") && <Step id={w.id} step="take" label={a.take} t={t} />}
                  {can(w, "completed") && <Step id={w.id} step="complete" label={a.markPaid} t={t} />}
                  {can(w, "rejected") && <Step id={w.id} step="reject" label={a.reject} reason danger t={t} />}
                  {can(w, "failed") && <Step id={w.id} step="fail" label={a.markFailed} reason danger t={t} />}
                  {can(w, "canceled") && <Step id={w.id} step="cancel" label={a.cancel} reason danger t={t} />}
                </div>
              )}
            </article>
          );
        })}
      </section>
    </div>
  );
}
