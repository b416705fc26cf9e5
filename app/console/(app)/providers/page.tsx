import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/console/action-form";
import { Panel } from "@/components/console/panel";
import { DataTable } from "@/components/console/data-table";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { providerScope } from "@/lib/domain/access/management-scope";
import { prisma } from "@/lib/base/db/prisma";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { createProviderAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).providers.heading };
}

export default async function ProvidersPage() {
  const [user, t] = await Promise.all([requireConsoleUser(["ADMIN", "PROVIDER"]), consoleMessages()]);
  const { providers: words, keys, common: c } = t;
  const isAdmin = user.role === "ADMIN";
  const providers = await prisma.provider.findMany({
    where: providerScope(user),
    orderBy: { id: "asc" },
    select: { id: true, name: true, apiKey: true, isActive: true, ipWhitelist: true, _count: { select: { sites: true } } },
  });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{words.heading}</h1>
      {isAdmin && (
        <Panel title={words.new} description={words.newDescription}>
          <ActionForm action={createProviderAction} submitLabel={words.create} keepValuesOnError>
            <TextField label={c.name} name="name" className="w-64" required />
            <TextAreaField label={words.ipWhitelistLines} name="ipWhitelist" rows={3} className="w-72" placeholder="203.0.113.7" spellCheck={false} />
            <div className="flex w-full flex-wrap gap-3">
              <TextField label={keys.depositUrl} name="depositCallbackUrl" type="url" className="w-80 max-w-full" />
              <TextField label={keys.withdrawalUrl} name="withdrawalCallbackUrl" type="url" className="w-80 max-w-full" />
              <TextField label={keys.cardUrl} name="creditCardCallbackUrl" type="url" className="w-80 max-w-full" />
            </div>
          </ActionForm>
        </Panel>
      )}
      <DataTable columns={["#", c.provider, keys.apiKey, words.sites, keys.ipWhitelist, c.status, ""]} empty={providers.length === 0 ? words.none : null}>
        {providers.map((p) => (
          <tr key={p.id} className="border-t border-slate-100">
            <td className="px-3 py-2 tabular-nums">{p.id}</td>
            <td className="px-3 py-2">{p.name}</td>
            <td className="px-3 py-2 font-mono text-xs">{p.apiKey}</td>
            <td className="px-3 py-2 tabular-nums">{p._count.sites}</td>
            <td className="px-3 py-2">{p.ipWhitelist.length ? keys.entries(p.ipWhitelist.length) : words.emptyWhitelist}</td>
            <td className="px-3 py-2">{p.isActive ? c.active : c.inactive}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              <Link href={`/console/providers/${p.id}`} className="text-brand-700 hover:underline" aria-label={isAdmin ? c.manageName(p.name) : c.viewName(p.name)}>
                {isAdmin ? c.manage : c.view}
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
