import type { Metadata } from "next";
import { ActionForm } from "@/components/console/action-form";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { listApprovalQueues } from "@/lib/approvals/list-approval-queues";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { consoleTime } from "@/lib/console/format";
import { formatIban } from "@/lib/iban/iban";
import { approveDepositAction, matchDepositAction, rejectDepositAction, withdrawalStepAction } from "./actions";

export const metadata: Metadata = { title: "Approvals" };

const METHOD = { MANUAL_BANK: "Manual bank", EIBAN: "E-IBAN" } as Record<string, string>;

function Who({ t }: { t: { fullname: string; username: string; userId: string; site: { name: string } | null; origin: string } }) {
  return (
    <div className="text-sm">
      <p className="font-medium">{t.fullname}</p>
      <p className="text-slate-500">
        {t.username} · {t.userId} · {t.site?.name ?? `dealer API (${t.origin.toLowerCase()})`}
      </p>
    </div>
  );
}

function Step({ id, step, label, reason }: { id: number; step: string; label: string; reason?: boolean }) {
  return (
    <ActionForm action={withdrawalStepAction} submitLabel={label} refreshAfterMs={2500}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="step" value={step} />
      {reason && <TextField label="Reason" name="reason" className="w-48" />}
    </ActionForm>
  );
}

export default async function ApprovalsPage() {
  const user = await requireConsoleUser(["ADMIN", "DEALER"]);
  const { deposits, withdrawals, unmatched } = await listApprovalQueues(user);
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-semibold">Approvals</h1>
      <section aria-labelledby="deposits" className="flex flex-col gap-3">
        <h2 id="deposits" className="text-lg font-medium">
          Deposits waiting ({deposits.length})
        </h2>
        {deposits.length === 0 && <p className="text-sm text-slate-600">Nothing waiting.</p>}
        {deposits.map((d) => {
          const lines = unmatched.filter((l) => l.walletId === d.eibanWallet?.id);
          return (
            <article key={d.id} aria-label={d.trackingCode} className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
              <header className="flex flex-wrap items-start justify-between gap-3">
                <Who t={d} />
                <div className="text-right text-sm">
                  <p className="font-mono text-xs">{d.trackingCode}</p>
                  <p>
                    {METHOD[d.method]} · <strong>{d.status === "pending" ? "customer says sent" : "page open"}</strong> · {consoleTime(d.createdAt)}
                  </p>
                  <p className="text-lg font-semibold tabular-nums">{d.amount.toFixed(2)} TRY</p>
                </div>
              </header>
              <div className="flex flex-wrap gap-6">
                <ActionForm action={approveDepositAction} submitLabel="Approve" refreshAfterMs={2500}>
                  <input type="hidden" name="id" value={d.id} />
                  <TextField label="Amount received" name="amount" defaultValue={d.amount.toFixed(2)} inputMode="decimal" className="w-40" />
                </ActionForm>
                <ActionForm action={rejectDepositAction} submitLabel="Reject" refreshAfterMs={2500}>
                  <input type="hidden" name="id" value={d.id} />
                  <TextField label="Reason" name="reason" className="w-56" />
                </ActionForm>
                {d.method === "EIBAN" && lines.length > 0 && (
                  <ActionForm action={matchDepositAction} submitLabel="Match payment" refreshAfterMs={2500}>
                    <input type="hidden" name="id" value={d.id} />
                    <SelectField
                      label="Incoming payment"
                      name="line"
                      options={lines.map((l) => ({ value: String(l.id), label: `${l.amount.toFixed(2)} TRY from ${l.senderName} · ${consoleTime(l.occurredAt)}` }))}
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
          Withdrawals waiting ({withdrawals.length})
        </h2>
        {withdrawals.length === 0 && <p className="text-sm text-slate-600">Nothing waiting.</p>}
        {withdrawals.map((w) => {
          const inFlight = w.transfer?.status === "pending";
          return (
            <article key={w.id} aria-label={w.trackingCode} className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
              <header className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <Who t={w} />
                  <p className="mt-1 font-mono text-xs">
                    {w.recipientName} · {formatIban(w.iban ?? "")}
                  </p>
                </div>
                <div className="text-right text-sm">
                  <p className="font-mono text-xs">{w.trackingCode}</p>
                  <p>
                    {METHOD[w.method]} · <strong>{inFlight ? "sent, waiting for the bank" : w.status}</strong> · {consoleTime(w.createdAt)}
                  </p>
                  <p className="text-lg font-semibold tabular-nums">{w.amount.toFixed(2)} TRY</p>
                </div>
              </header>
              {!inFlight && (
                <div className="flex flex-wrap items-end gap-6">
                  {w.status === "pending" && w.method !== "EIBAN" && <Step id={w.id} step="take" label="Take" />}
                  {w.method === "EIBAN" ? <Step id={w.id} step="send" label="Approve and send from E-IBAN" /> : w.status === "processing" && <Step id={w.id} step="complete" label="Mark paid" />}
                  <Step id={w.id} step="reject" label="Reject" reason />
                  {w.status === "processing" && <Step id={w.id} step="fail" label="Mark failed" reason />}
                </div>
              )}
            </article>
          );
        })}
      </section>
    </div>
  );
}
