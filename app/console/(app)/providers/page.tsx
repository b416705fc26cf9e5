import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/console/action-form";
import { Panel } from "@/components/console/panel";
import { TableHead } from "@/components/console/table-head";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { countLabel } from "@/lib/console/format";
import { providerScope } from "@/lib/console/management-scope";
import { prisma } from "@/lib/db/prisma";
import { createProviderAction } from "./actions";

export const metadata: Metadata = { title: "Providers" };

export default async function ProvidersPage() {
  const user = await requireConsoleUser(["ADMIN", "PROVIDER"]);
  const providers = await prisma.provider.findMany({
    where: providerScope(user),
    orderBy: { id: "asc" },
    select: { id: true, name: true, apiKey: true, isActive: true, ipWhitelist: true, _count: { select: { sites: true } } },
  });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Providers</h1>
      {user.role === "ADMIN" && (
        <Panel title="New provider" description="The API key, secret key and verification key are shown once, right after creation.">
          <ActionForm action={createProviderAction} submitLabel="Create provider" keepValuesOnError>
            <TextField label="Name" name="name" className="w-64" required />
            <TextAreaField label="IP whitelist, one per line" name="ipWhitelist" rows={3} className="w-72" placeholder="203.0.113.7" spellCheck={false} />
            <div className="flex w-full flex-wrap gap-3">
              <TextField label="Deposit callback URL" name="depositCallbackUrl" type="url" className="w-80 max-w-full" />
              <TextField label="Withdrawal callback URL" name="withdrawalCallbackUrl" type="url" className="w-80 max-w-full" />
              <TextField label="Card callback URL" name="creditCardCallbackUrl" type="url" className="w-80 max-w-full" />
            </div>
          </ActionForm>
        </Panel>
      )}
      <div className="overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200">
        <table className="w-full text-left text-sm">
          <TableHead columns={["#", "Provider", "API key", "Sites", "IP whitelist", "Status", ""]} />
          <tbody>
            {providers.length === 0 && (
              <tr>
                <td colSpan={7} className="px-3 py-6 text-center text-slate-600">
                  No providers yet.
                </td>
              </tr>
            )}
            {providers.map((p) => (
              <tr key={p.id} className="border-t border-slate-100">
                <td className="px-3 py-2 tabular-nums">{p.id}</td>
                <td className="px-3 py-2">{p.name}</td>
                <td className="px-3 py-2 font-mono text-xs">{p.apiKey}</td>
                <td className="px-3 py-2 tabular-nums">{p._count.sites}</td>
                <td className="px-3 py-2">{p.ipWhitelist.length ? countLabel(p.ipWhitelist.length, "entry", "entries") : "empty (every IP refused)"}</td>
                <td className="px-3 py-2">{p.isActive ? "Active" : "Inactive"}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <Link href={`/console/providers/${p.id}`} className="text-brand-700 hover:underline" aria-label={`${user.role === "ADMIN" ? "Manage" : "View"} ${p.name}`}>
                    {user.role === "ADMIN" ? "Manage" : "View"}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
