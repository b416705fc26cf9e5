import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { ActionForm } from "@/components/console/action-form";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { settings } from "@/lib/base/config/settings";
import { consoleTime } from "@/lib/edge/console/format";
import { formatIban } from "@/lib/base/iban/iban";
import { listSandboxAccounts, listSandboxTransfers } from "@/lib/integrations/sandbox/bank/sandbox-bank-page";
import { openAccountAction, settleTransferAction, simulateIncomingAction } from "./actions";

export const metadata: Metadata = { title: "Sandbox bank" };

export default async function SandboxBankPage() {
  await connection();
  if (!settings.sandboxEnabled) notFound();
  const [accounts, transfers] = await Promise.all([listSandboxAccounts(), listSandboxTransfers()]);
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 p-4">
      <header>
        <p className="text-xs font-medium tracking-wide text-amber-700 uppercase">Sandbox: not a real bank</p>
        <h1 className="text-2xl font-semibold">Sandbox E-IBAN bank</h1>
        <p className="text-sm text-slate-600">
          Accounts behind the dealers&apos; E-IBAN wallets. Incoming payments you simulate here are reported to the
          service (and match E-IBAN deposits); transfers settle on their own after a moment, or with the buttons below.
          A recipient name containing REJECT makes a transfer fail.
        </p>
      </header>
      <section className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <h2 className="mb-3 font-medium">Accounts</h2>
        <table className="w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th className="py-1 font-medium">IBAN</th>
              <th className="py-1 font-medium">Holder</th>
              <th className="py-1 text-right font-medium">Balance (TRY)</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.iban} className="border-t border-slate-100">
                <td className="py-1 font-mono text-xs">{formatIban(a.iban)}</td>
                <td className="py-1">{a.holder}</td>
                <td className="py-1 text-right tabular-nums">{a.balance.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <h2 className="mb-1 font-medium">Open a test account</h2>
        <p className="mb-3 text-sm text-slate-600">
          An admin then registers it as a dealer&apos;s E-IBAN wallet in the console; the wallet reads its balance from
          here.
        </p>
        <ActionForm action={openAccountAction} submitLabel="Open account" refreshAfterMs={1000}>
          <TextField label="IBAN" name="iban" required spellCheck={false} className="w-96 max-w-full" />
          <TextField label="Holder" name="holder" required />
          <TextField label="Opening balance" name="balance" inputMode="decimal" required defaultValue="10000.00" />
        </ActionForm>
      </section>
      <section className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <h2 className="mb-3 font-medium">Simulate an incoming payment</h2>
        <ActionForm action={simulateIncomingAction} submitLabel="Send payment" pendingLabel="Sending…">
          <SelectField
            label="To account"
            name="iban"
            options={accounts.map((a) => ({ value: a.iban, label: `${a.holder} · ${formatIban(a.iban)}` }))}
          />
          <TextField label="Sender name" name="senderName" required />
          <TextField label="Sender IBAN" name="senderIban" required defaultValue="TR330006100519786457841326" />
          <TextField label="Amount" name="amount" inputMode="decimal" required />
          <TextField label="Description" name="description" placeholder="e.g. the deposit's tracking code" />
        </ActionForm>
      </section>
      <section className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <h2 className="mb-3 font-medium">Transfers</h2>
        {transfers.length === 0 && <p className="text-sm text-slate-600">No transfers yet.</p>}
        <ul className="flex flex-col gap-3">
          {transfers.map((t) => (
            <li
              key={t.id}
              className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3 text-sm"
            >
              <span>
                <span className="font-mono text-xs">{t.clientRef}</span> · {t.amount.toFixed(2)} TRY to{" "}
                {t.recipientName} · {consoleTime(t.createdAt)} · <strong>{t.status}</strong>
                {t.failureReason ? ` (${t.failureReason})` : ""}
              </span>
              {t.status === "pending" && (
                <span className="flex gap-2">
                  <ActionForm action={settleTransferAction} submitLabel="Complete" refreshAfterMs={2000}>
                    <input type="hidden" name="reference" value={t.reference} />
                    <input type="hidden" name="decision" value="complete" />
                  </ActionForm>
                  <ActionForm action={settleTransferAction} submitLabel="Fail" refreshAfterMs={2000}>
                    <input type="hidden" name="reference" value={t.reference} />
                    <input type="hidden" name="decision" value="fail" />
                  </ActionForm>
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
