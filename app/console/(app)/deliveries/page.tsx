import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import Link from "next/link";
import { DeliveryFiltersForm } from "@/components/console/delivery-filters";
import { DeliveryStateBadge } from "@/components/console/delivery-state-badge";
import { Pager } from "@/components/console/pager";
import { DataTable } from "@/components/console/data-table";
import { TestCallbackForm } from "@/app/console/(app)/deliveries/_components/test-callback-form";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { listDeliveries } from "@/lib/domain/callbacks/list-deliveries";
import { consoleTime } from "@/lib/edge/console/format";
import { filtersQuery } from "@/lib/edge/console/query-string";
import { dealerChoices, providerChoices } from "@/lib/domain/explorer/choices";
import { SentStatus } from "@/components/console/sent-status";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { deliveryFiltersSchema } from "@/lib/domain/schemas/delivery-filters";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).titles.deliveries };
}

export default async function DeliveriesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [user, t] = await Promise.all([requireConsoleUser(sectionRoles("deliveries")), consoleMessages()]);
  const filters = deliveryFiltersSchema.parse(await searchParams);
  const isAdmin = user.role === "ADMIN";
  const [{ rows, total, capped, pages }, providers, dealers] = await Promise.all([
    listDeliveries(user, filters),
    isAdmin ? providerChoices(user) : [],
    isAdmin ? dealerChoices(user) : [],
  ]);
  const options = (list: { id: number; name: string }[]) => list.map((p) => ({ value: String(p.id), label: p.name }));
  const { page, ...applied } = filters;
  const c = t.common;
  const words = t.deliveries;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{words.heading}</h1>
        <p className="text-sm text-slate-600">{capped ? c.matchingAtLeast(total) : c.matching(total)}</p>
      </div>
      <DeliveryFiltersForm filters={filters} providers={options(providers)} dealers={options(dealers)} t={t} />
      {user.role !== "PROVIDER" && (
        <TestCallbackForm role={user.role} providers={options(providers)} dealers={options(dealers)} t={t} />
      )}
      <DataTable
        columns={[
          "#",
          c.created,
          words.callback,
          c.trackingCode,
          c.status,
          words.receiver,
          words.state,
          words.attempts,
          words.lastError,
        ]}
        empty={rows.length === 0 ? words.noMatch : null}
      >
        {rows.map((d) => (
          <tr key={d.id} className="border-t border-slate-100 align-top">
            <td className="px-3 py-2">
              <Link href={`/console/deliveries/${d.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                {d.id}
              </Link>
            </td>
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">{consoleTime(d.createdAt, t.lang)}</td>
            <td className="px-3 py-2">{t.labels.kind[d.kind]}</td>
            <td className="px-3 py-2 font-mono text-xs">{d.trackingCode}</td>
            <td className="px-3 py-2">
              <SentStatus status={d.status} labels={t.labels} />
            </td>
            <td className="px-3 py-2">{d.provider?.name ?? d.dealer?.name ?? "—"}</td>
            <td className="px-3 py-2">
              <DeliveryStateBadge state={d.state} />
            </td>
            <td className="px-3 py-2 tabular-nums">{d.attemptCount}</td>
            <td className="max-w-xs truncate px-3 py-2 text-slate-600" title={d.lastError ?? ""}>
              {d.lastError ?? ""}
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager
        page={page}
        pages={pages}
        capped={capped && rows.length > 0}
        href={(p) => `/console/deliveries${filtersQuery(applied, { page: p })}`}
      />
    </div>
  );
}
