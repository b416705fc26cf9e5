import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { ActionForm } from "@/components/console/action-form";
import { DataTable } from "@/components/console/data-table";
import { Panel } from "@/components/console/panel";
import type { AccountKind } from "@/lib/domain/accounts/account-kinds";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { requireConsoleUser, type ConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { ConsoleRole } from "@/lib/generated/prisma/enums";

type AccountRow = { id: number; name: string; apiKey: string; isActive: boolean };

/** One of a kind's own columns, between the API key and the status: its header, its cell and the cell's classes. */
export type AccountColumn<R> = [header: string, cell: (row: R) => ReactNode, className: string];

/** The list page's title is the kind's heading. */
export function accountListMetadata(kind: AccountKind) {
  return async (): Promise<Metadata> => ({ title: (await consoleMessages())[`${kind}s`].heading });
}

/**
 * The Providers and the Dealers page, one implementation: the heading, the admin's create form and the table
 * of the accounts the user may see. What differs is data: who may open it, the rows (`load`, scoped to the
 * user), the create form's fields and the kind's own columns.
 */
export async function AccountListPage<R extends AccountRow>(props: {
  kind: AccountKind;
  roles: ConsoleRole[];
  load: (user: ConsoleUser) => Promise<R[]>;
  createAction: (state: ActionState, form: FormData) => Promise<ActionState>;
  createFields: (t: ConsoleMessages) => ReactNode;
  columns: (t: ConsoleMessages) => AccountColumn<R>[];
}) {
  const { kind } = props;
  const [user, t] = await Promise.all([requireConsoleUser(props.roles), consoleMessages()]);
  const { keys, common: c } = t;
  const words = t[`${kind}s`];
  const isAdmin = user.role === "ADMIN";
  const rows = await props.load(user);
  const columns = props.columns(t);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{words.heading}</h1>
      {isAdmin && (
        <Panel title={words.new} description={words.newDescription}>
          <ActionForm action={props.createAction} submitLabel={words.create} keepValuesOnError>
            {props.createFields(t)}
          </ActionForm>
        </Panel>
      )}
      <DataTable
        columns={["#", c[kind], keys.apiKey, ...columns.map(([header]) => header), c.status, ""]}
        empty={rows.length === 0 ? words.none : null}
      >
        {rows.map((row) => (
          <tr key={row.id} className="border-t border-slate-100">
            <td className="px-3 py-2 tabular-nums">{row.id}</td>
            <td className="px-3 py-2">{row.name}</td>
            <td className="px-3 py-2 font-mono text-xs">{row.apiKey}</td>
            {columns.map(([header, cell, className]) => (
              <td key={header} className={`px-3 py-2${className ? ` ${className}` : ""}`}>
                {cell(row)}
              </td>
            ))}
            <td className="px-3 py-2">{row.isActive ? c.active : c.inactive}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              <Link
                href={`/console/${kind}s/${row.id}`}
                className="text-brand-700 hover:underline"
                aria-label={isAdmin ? c.manageName(row.name) : c.viewName(row.name)}
              >
                {isAdmin ? c.manage : c.view}
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
