import { gatewayMethodOf } from "@/lib/domain/payment-methods";
import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import Link from "next/link";
import { DataTable } from "@/components/console/data-table";
import { GatewayForm } from "@/app/console/(app)/gateways/_components/gateway-form";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { listGatewaysForConsole } from "@/lib/domain/third-party/list-all-gateways";
import { formatMoney } from "@/lib/base/money/format-money";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).nav.items.gateways };
}

/** The gateways as a list; each opens its own page (edit, test, secret). A new one is added behind a disclosure. */
export default async function GatewaysPage() {
  const [, t] = await Promise.all([requireConsoleUser(sectionRoles("gateways")), consoleMessages()]);
  const words = t.gateways;
  const gateways = await listGatewaysForConsole();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{words.heading}</h1>
      <DataTable
        label={words.list}
        columns={[t.common.name, t.common.method, words.code, words.limits, words.connector, words.state]}
        empty={gateways.length === 0 ? "—" : null}
      >
        {gateways.map((g) => (
          <tr key={g.id} className="border-t border-slate-100 align-top" data-testid="gateway-row">
            <td className="px-3 py-2">
              <Link
                href={`/console/gateways/${g.id}`}
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {g.name}
              </Link>
            </td>
            <td className="px-3 py-2">{t.labels.gatewayMethod[gatewayMethodOf(g.method)]}</td>
            <td className="px-3 py-2 font-mono text-xs">{g.code}</td>
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">
              {formatMoney(g.minAmount, t.lang)} – {formatMoney(g.maxAmount, t.lang)}
            </td>
            <td className="px-3 py-2 font-mono text-xs">{g.adapter}</td>
            <td className="px-3 py-2">{g.isActive ? t.common.active : t.common.inactive}</td>
          </tr>
        ))}
      </DataTable>
      <details className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <summary className="cursor-pointer font-medium">{words.new}</summary>
        <p className="mt-2 mb-3 text-sm text-slate-600">
          {words.secretIntro} {words.newHint}
        </p>
        <GatewayForm t={t} />
      </details>
    </div>
  );
}
