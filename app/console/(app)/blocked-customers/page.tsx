import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import { ActionForm } from "@/components/console/action-form";
import { Panel } from "@/components/console/panel";
import { DataTable } from "@/components/console/data-table";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleTime } from "@/lib/edge/console/format";
import { listBlockedCustomersForConsole } from "@/lib/domain/customers/list-blocked-customers";
import { providerChoices } from "@/lib/domain/explorer/choices";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { blockCustomerAction, unblockCustomerAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).blockedCustomers.heading };
}

export default async function BlockedCustomersPage() {
  const [user, t] = await Promise.all([requireConsoleUser(sectionRoles("blockedCustomers")), consoleMessages()]);
  const words = t.blockedCustomers;
  const isAdmin = user.role === "ADMIN";
  const [blocks, providers] = await Promise.all([
    listBlockedCustomersForConsole(user),
    isAdmin ? providerChoices(user) : [],
  ]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{words.heading}</h1>
      {isAdmin && (
        <Panel title={words.block} description={words.blockDescription}>
          <ActionForm
            action={blockCustomerAction}
            submitLabel={words.blockSubmit}
            submitVariant="danger"
            keepValuesOnError
          >
            <SelectField
              label={t.common.provider}
              name="providerId"
              options={[
                { value: "", label: t.common.choose },
                ...providers.map((p) => ({ value: String(p.id), label: `#${p.id} ${p.name}` })),
              ]}
            />
            <TextField label={words.userId} name="userId" className="w-56" required />
            <TextField label={t.common.reason} name="reason" className="w-80 max-w-full" />
          </ActionForm>
        </Panel>
      )}
      <DataTable
        columns={[words.userId, t.common.provider, t.common.reason, words.blocked, ...(isAdmin ? [""] : [])]}
        empty={blocks.length === 0 ? words.none : null}
      >
        {blocks.map((b) => (
          <tr key={b.id} className="border-t border-slate-100 align-top">
            <td className="px-3 py-2 font-mono text-xs">{b.userId}</td>
            <td className="px-3 py-2">{b.provider.name}</td>
            <td className="px-3 py-2">{b.reason || "—"}</td>
            <td className="px-3 py-2 whitespace-nowrap">{consoleTime(b.createdAt, t.lang)}</td>
            {isAdmin && (
              <td className="px-3 py-2">
                <ActionForm action={unblockCustomerAction} submitLabel={words.unblock} submitVariant="secondary">
                  <input type="hidden" name="id" value={b.id} />
                </ActionForm>
              </td>
            )}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
