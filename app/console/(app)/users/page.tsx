import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import { ActionForm } from "@/components/console/action-form";
import { Panel } from "@/components/console/panel";
import { TableHead } from "@/components/console/table-head";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleTime } from "@/lib/edge/console/format";
import { dealerChoices, providerChoices } from "@/lib/domain/explorer/choices";
import { listConsoleUsersForConsole } from "@/lib/domain/users/list-console-users";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { createUserAction, setUserActiveAction, setUserPasswordAction } from "./actions";
import { STACK_ON_PHONE } from "@/components/console/data-table";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).titles.users };
}

export default async function UsersPage() {
  const [me, t] = await Promise.all([requireConsoleUser(sectionRoles("users")), consoleMessages()]);
  const { users: words, common: c } = t;
  const choose = { value: "", label: c.choose };
  const options = (rows: { id: number; name: string }[]) => [
    choose,
    ...rows.map((r) => ({ value: String(r.id), label: `#${r.id} ${r.name}` })),
  ];
  const [users, dealers, providers] = await Promise.all([
    listConsoleUsersForConsole(),
    dealerChoices(me),
    providerChoices(me),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{words.heading}</h1>
      <Panel title={words.new} description={words.newDescription}>
        <ActionForm action={createUserAction} submitLabel={words.create} keepValuesOnError>
          <TextField label={c.email} name="email" type="email" autoComplete="off" className="w-64" required />
          <TextField
            label={words.passwordRule}
            name="password"
            type="password"
            autoComplete="new-password"
            className="w-64"
            required
          />
          <SelectField
            label={words.role}
            name="role"
            options={[
              choose,
              { value: "admin", label: t.roles.ADMIN },
              { value: "dealer", label: t.roles.DEALER },
              { value: "provider", label: t.roles.PROVIDER },
            ]}
          />
          <SelectField label={words.dealerFor} name="dealerId" options={options(dealers)} />
          <SelectField label={words.providerFor} name="providerId" options={options(providers)} />
        </ActionForm>
      </Panel>
      <div
        tabIndex={0}
        className={
          "overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200 focus-visible:outline-2 " +
          "focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        }
      >
        <table className={`w-full text-left text-sm ${STACK_ON_PHONE}`}>
          <TableHead
            columns={[c.email, words.role, words.tenant, c.status, words.lastSignIn, words.access, words.password]}
          />
          <tbody>
            {users.map((u) => (
              <tr key={u.id} className="border-t border-slate-100 align-top">
                <td className="px-3 py-2">{u.email}</td>
                <td className="px-3 py-2 whitespace-nowrap">{t.roles[u.role]}</td>
                <td className="px-3 py-2">{u.dealer?.name ?? u.provider?.name ?? words.all}</td>
                <td className="px-3 py-2">{u.isActive ? c.active : words.deactivated}</td>
                <td className="px-3 py-2 whitespace-nowrap">{consoleTime(u.lastLoginAt, t.lang)}</td>
                <td className="px-3 py-2">
                  {u.id === me.id ? (
                    <span className="text-slate-500">{words.you}</span>
                  ) : (
                    <ActionForm
                      action={setUserActiveAction}
                      submitLabel={u.isActive ? words.deactivate : words.activate}
                      submitVariant={u.isActive ? "danger" : "secondary"}
                    >
                      <input type="hidden" name="id" value={u.id} />
                      <input type="hidden" name="active" value={u.isActive ? "false" : "true"} />
                    </ActionForm>
                  )}
                </td>
                <td className="px-3 py-2">
                  <ActionForm action={setUserPasswordAction} submitLabel={words.setPassword} submitVariant="secondary">
                    <input type="hidden" name="id" value={u.id} />
                    <TextField
                      label={words.newPasswordFor(u.email)}
                      name="password"
                      type="password"
                      autoComplete="new-password"
                      className="w-48 [&_label]:sr-only"
                    />
                  </ActionForm>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
