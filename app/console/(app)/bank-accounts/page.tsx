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
import { consoleMessages } from "@/lib/i18n/console/server";
import { addBankAccountAction, updateBankAccountAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).bankAccounts.heading };
}

export default async function BankAccountsPage() {
  const [user, t] = await Promise.all([requireConsoleUser(["ADMIN", "DEALER"]), consoleMessages()]);
  const words = t.bankAccounts;
  const isAdmin = user.role === "ADMIN";
  const [accounts, dealers] = await Promise.all([
    prisma.bankAccount.findMany({ where: dealerOwnedScope(user), orderBy: [{ dealerId: "asc" }, { id: "asc" }], include: { dealer: { select: { name: true } } } }),
    // Only admins choose a dealer; staff add accounts to their own.
    isAdmin ? prisma.dealer.findMany({ where: dealerScope(user), select: { id: true, name: true }, orderBy: { id: "asc" } }) : [],
  ]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{words.heading}</h1>
      <Panel title={words.add} description={words.addDescription}>
        <ActionForm action={addBankAccountAction} submitLabel={words.addSubmit} keepValuesOnError>
          {isAdmin && <SelectField label={t.common.dealer} name="dealerId" options={[{ value: "", label: t.common.choose }, ...dealers.map((d) => ({ value: String(d.id), label: `#${d.id} ${d.name}` }))]} />}
          <BankAccountFields t={t} />
        </ActionForm>
      </Panel>
      {accounts.length === 0 && <p className="text-sm text-slate-600">{words.none}</p>}
      {accounts.map((a) => (
        <section key={a.id} aria-label={words.region(a.id)} className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <h2 className="font-medium">
            #{a.id} {a.bankName} <span className="font-mono text-sm font-normal">{formatIban(a.iban)}</span>{" "}
            <span className="text-sm font-normal text-slate-500">
              · {isAdmin && `${a.dealer.name} · `}
              {a.isActive ? t.common.activeLower : t.common.inactiveLower} · {a.minAmount.toFixed(2)}–{a.maxAmount.toFixed(2)} TRY · {words.lastOffered(consoleTime(a.lastOfferedAt, t.lang))}
            </span>
          </h2>
          <ActionForm action={updateBankAccountAction} submitLabel={t.common.save} keepValuesOnError>
            <input type="hidden" name="id" value={a.id} />
            <BankAccountFields account={a} t={t} />
            <CheckboxField label={t.common.active} name="isActive" defaultChecked={a.isActive} />
          </ActionForm>
        </section>
      ))}
    </div>
  );
}
