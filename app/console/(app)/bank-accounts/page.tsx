import type { Metadata } from "next";
import { ActionForm } from "@/components/console/action-form";
import { BankAccountFields } from "@/components/console/bank-accounts/bank-account-fields";
import { Panel } from "@/components/console/panel";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SelectField } from "@/components/ui/select-field";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { consoleTime } from "@/lib/console/format";
import { dealerOwnedScope, dealerScope } from "@/lib/console/management-scope";
import { prisma } from "@/lib/db/prisma";
import { formatIban } from "@/lib/iban/iban";
import { addBankAccountAction, updateBankAccountAction } from "./actions";

export const metadata: Metadata = { title: "Bank accounts" };

export default async function BankAccountsPage() {
  const user = await requireConsoleUser(["ADMIN", "DEALER"]);
  const isAdmin = user.role === "ADMIN";
  const [accounts, dealers] = await Promise.all([
    prisma.bankAccount.findMany({ where: dealerOwnedScope(user), orderBy: [{ dealerId: "asc" }, { id: "asc" }], include: { dealer: { select: { name: true } } } }),
    prisma.dealer.findMany({ where: dealerScope(user), select: { id: true, name: true }, orderBy: { id: "asc" } }),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Bank accounts</h1>
      <Panel title="Add a bank account" description="Manual bank deposits are offered the least recently used active account whose limits fit the amount.">
        <ActionForm action={addBankAccountAction} submitLabel="Add account" keepValuesOnError>
          {isAdmin && <SelectField label="Dealer" name="dealerId" options={[{ value: "", label: "Choose…" }, ...dealers.map((d) => ({ value: String(d.id), label: `#${d.id} ${d.name}` }))]} />}
          <BankAccountFields />
        </ActionForm>
      </Panel>
      {accounts.length === 0 && <p className="text-sm text-slate-600">No bank accounts yet.</p>}
      {accounts.map((a) => (
        <section key={a.id} aria-label={`Bank account ${a.id}`} className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <h2 className="font-medium">
            #{a.id} {a.bankName} <span className="font-mono text-sm font-normal">{formatIban(a.iban)}</span>{" "}
            <span className="text-sm font-normal text-slate-500">
              · {isAdmin && `${a.dealer.name} · `}
              {a.isActive ? "active" : "inactive"} · {a.minAmount.toFixed(2)}–{a.maxAmount.toFixed(2)} TRY · last offered {consoleTime(a.lastOfferedAt)}
            </span>
          </h2>
          <ActionForm action={updateBankAccountAction} submitLabel="Save" keepValuesOnError>
            <input type="hidden" name="id" value={a.id} />
            <BankAccountFields account={a} />
            <CheckboxField label="Active" name="isActive" defaultChecked={a.isActive} />
          </ActionForm>
        </section>
      ))}
    </div>
  );
}
