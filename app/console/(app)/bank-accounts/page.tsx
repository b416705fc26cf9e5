import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import { ActionForm } from "@/components/console/action-form";
import { BankAccountFields } from "@/components/console/bank-accounts/bank-account-fields";
import { EditDisclosure } from "@/components/console/edit-disclosure";
import { DetailList, Panel } from "@/components/console/panel";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SelectField } from "@/components/ui/select-field";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleTime } from "@/lib/edge/console/format";
import { listBankAccountsForConsole } from "@/lib/domain/bank-accounts/list-bank-accounts";
import { dealerChoices } from "@/lib/domain/explorer/choices";
import { formatIban } from "@/lib/base/iban/iban";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { formatMoney } from "@/lib/base/money/format-money";
import { addBankAccountAction, updateBankAccountAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).bankAccounts.heading };
}

export default async function BankAccountsPage() {
  const [user, t] = await Promise.all([requireConsoleUser(sectionRoles("bankAccounts")), consoleMessages()]);
  const words = t.bankAccounts;
  const isAdmin = user.role === "ADMIN";
  const [accounts, dealers] = await Promise.all([
    listBankAccountsForConsole(user),
    // Only admins choose a dealer; staff add accounts to their own.
    isAdmin ? dealerChoices(user) : [],
  ]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{words.heading}</h1>
      <Panel title={words.add} description={words.addDescription}>
        <ActionForm action={addBankAccountAction} submitLabel={words.addSubmit} keepValuesOnError>
          {isAdmin && (
            <SelectField
              label={t.common.dealer}
              name="dealerId"
              options={[
                { value: "", label: t.common.choose },
                ...dealers.map((d) => ({ value: String(d.id), label: `#${d.id} ${d.name}` })),
              ]}
            />
          )}
          <BankAccountFields t={t} />
        </ActionForm>
      </Panel>
      {accounts.length === 0 && <p className="text-sm text-slate-600">{words.none}</p>}
      {accounts.map((a) => (
        <section
          key={a.id}
          aria-label={words.region(a.id)}
          className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
        >
          <h2 className="font-medium break-words">
            #{a.id} {a.bankName}
          </h2>
          <DetailList
            items={[
              [t.common.accountHolder, a.accountName],
              [
                t.common.iban,
                <span key="iban" className="font-mono text-xs">
                  {formatIban(a.iban)}
                </span>,
              ],
              [words.limits, `${formatMoney(a.minAmount, t.lang)} – ${formatMoney(a.maxAmount, t.lang)}`],
              ...(isAdmin ? [[t.common.dealer, a.dealer.name] as [string, string]] : []),
              [t.common.status, a.isActive ? t.common.active : t.common.inactive],
              [words.lastOfferedLabel, consoleTime(a.lastOfferedAt, t.lang)],
            ]}
          />
          <EditDisclosure label={t.common.edit} name={t.common.editName(words.region(a.id))}>
            <ActionForm action={updateBankAccountAction} submitLabel={t.common.save} keepValuesOnError>
              <input type="hidden" name="id" value={a.id} />
              <BankAccountFields account={a} t={t} />
              <CheckboxField label={t.common.active} name="isActive" defaultChecked={a.isActive} />
            </ActionForm>
          </EditDisclosure>
        </section>
      ))}
    </div>
  );
}
