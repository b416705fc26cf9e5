import type { Metadata } from "next";
import { DEALER_SWITCH_NAMES, SWITCH_SELECT } from "@/lib/domain/payment-methods/dealer-switches";
import Link from "next/link";
import { ActionForm } from "@/components/console/action-form";
import { DealerMethodFields, methodLabels } from "@/components/console/dealers/dealer-method-fields";
import { Panel } from "@/components/console/panel";
import { DataTable } from "@/components/console/data-table";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { dealerScope } from "@/lib/domain/access/management-scope";
import { prisma } from "@/lib/base/db/prisma";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { createDealerAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).dealers.heading };
}

export default async function DealersPage() {
  const [user, t] = await Promise.all([requireConsoleUser(["ADMIN", "DEALER"]), consoleMessages()]);
  const { dealers: words, keys, common: c } = t;
  const isAdmin = user.role === "ADMIN";
  const dealers = await prisma.dealer.findMany({
    where: dealerScope(user),
    orderBy: { id: "asc" },
    select: { id: true, name: true, apiKey: true, isActive: true, ...SWITCH_SELECT, _count: { select: { sites: true } } },
  });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{words.heading}</h1>
      {isAdmin && (
        <Panel title={words.new} description={words.newDescription}>
          <ActionForm action={createDealerAction} submitLabel={words.create} keepValuesOnError>
            <TextField label={c.name} name="name" className="w-64" required />
            <TextField label={words.welcomeMessage} name="welcomeMessage" className="w-80 max-w-full" />
            <DealerMethodFields enabled={DEALER_SWITCH_NAMES} t={t} />
            <TextField label={keys.cardUrl} name="creditCardCallbackUrl" type="url" className="w-80 max-w-full" />
            <TextAreaField label={words.ipWhitelistLines} name="ipWhitelist" rows={3} className="w-72" spellCheck={false} />
          </ActionForm>
        </Panel>
      )}
      <DataTable columns={["#", c.dealer, keys.apiKey, words.paymentMethods, words.sites, c.status, ""]} empty={dealers.length === 0 ? words.none : null}>
        {dealers.map((d) => (
          <tr key={d.id} className="border-t border-slate-100">
            <td className="px-3 py-2 tabular-nums">{d.id}</td>
            <td className="px-3 py-2">{d.name}</td>
            <td className="px-3 py-2 font-mono text-xs">{d.apiKey}</td>
            <td className="px-3 py-2">{methodLabels(d, t)}</td>
            <td className="px-3 py-2 tabular-nums">{d._count.sites}</td>
            <td className="px-3 py-2">{d.isActive ? c.active : c.inactive}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              <Link href={`/console/dealers/${d.id}`} className="text-brand-700 hover:underline" aria-label={isAdmin ? c.manageName(d.name) : c.viewName(d.name)}>
                {isAdmin ? c.manage : c.view}
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
