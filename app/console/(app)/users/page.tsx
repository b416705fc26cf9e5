import type { Metadata } from "next";
import { ActionForm } from "@/components/console/action-form";
import { Panel } from "@/components/console/panel";
import { TableHead } from "@/components/console/table-head";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { consoleTime } from "@/lib/console/format";
import { prisma } from "@/lib/db/prisma";
import { createUserAction, setUserActiveAction, setUserPasswordAction } from "./actions";

export const metadata: Metadata = { title: "Console users" };

const ROLE = { ADMIN: "Admin", DEALER: "Dealer staff", PROVIDER: "Provider viewer" } as const;
const choose = { value: "", label: "Choose…" };
const options = (rows: { id: number; name: string }[]) => [choose, ...rows.map((r) => ({ value: String(r.id), label: `#${r.id} ${r.name}` }))];

export default async function UsersPage() {
  const me = await requireConsoleUser(["ADMIN"]);
  const [users, dealers, providers] = await Promise.all([
    prisma.consoleUser.findMany({
      orderBy: { id: "asc" },
      select: { id: true, email: true, role: true, isActive: true, lastLoginAt: true, dealer: { select: { name: true } }, provider: { select: { name: true } } },
    }),
    prisma.dealer.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" } }),
    prisma.provider.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" } }),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Console users</h1>
      <Panel title="New user" description="Dealer staff see and manage only their dealer; provider viewers only read their provider's data.">
        <ActionForm action={createUserAction} submitLabel="Create user" keepValuesOnError>
          <TextField label="Email" name="email" type="email" autoComplete="off" className="w-64" required />
          <TextField label="Password (at least 10 characters)" name="password" type="password" autoComplete="new-password" className="w-64" required />
          <SelectField label="Role" name="role" options={[choose, { value: "admin", label: "Admin" }, { value: "dealer", label: "Dealer staff" }, { value: "provider", label: "Provider viewer" }]} />
          <SelectField label="Dealer (dealer staff)" name="dealerId" options={options(dealers)} />
          <SelectField label="Provider (provider viewers)" name="providerId" options={options(providers)} />
        </ActionForm>
      </Panel>
      <div className="overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200">
        <table className="w-full text-left text-sm">
          <TableHead columns={["Email", "Role", "Tenant", "Status", "Last sign-in", "Access", "Password"]} />
          <tbody>
            {users.map((u) => (
              <tr key={u.id} className="border-t border-slate-100 align-top">
                <td className="px-3 py-2">{u.email}</td>
                <td className="px-3 py-2 whitespace-nowrap">{ROLE[u.role]}</td>
                <td className="px-3 py-2">{u.dealer?.name ?? u.provider?.name ?? "All"}</td>
                <td className="px-3 py-2">{u.isActive ? "Active" : "Deactivated"}</td>
                <td className="px-3 py-2 whitespace-nowrap">{consoleTime(u.lastLoginAt)}</td>
                <td className="px-3 py-2">
                  {u.id === me.id ? (
                    <span className="text-slate-500">You</span>
                  ) : (
                    <ActionForm action={setUserActiveAction} submitLabel={u.isActive ? "Deactivate" : "Activate"} submitVariant={u.isActive ? "danger" : "secondary"}>
                      <input type="hidden" name="id" value={u.id} />
                      <input type="hidden" name="active" value={u.isActive ? "false" : "true"} />
                    </ActionForm>
                  )}
                </td>
                <td className="px-3 py-2">
                  <ActionForm action={setUserPasswordAction} submitLabel="Set" submitVariant="secondary">
                    <input type="hidden" name="id" value={u.id} />
                    <TextField label={`New password for ${u.email}`} name="password" type="password" autoComplete="new-password" className="w-48 [&_label]:sr-only" />
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
