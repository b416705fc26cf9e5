import type { Metadata } from "next";
import { TableHead } from "@/components/console/table-head";
import Link from "next/link";
import { DeliveryFiltersForm } from "@/components/console/delivery-filters";
import { DeliveryStateBadge } from "@/components/console/delivery-state-badge";
import { TestCallbackForm } from "@/components/console/test-callback-form";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { listDeliveries } from "@/lib/callbacks/list-deliveries";
import { consoleTime, KIND_LABELS } from "@/lib/console/format";
import { prisma } from "@/lib/db/prisma";
import { deliveryFiltersSchema } from "@/lib/schemas/delivery-filters";

export const metadata: Metadata = { title: "Callback deliveries" };

export default async function DeliveriesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireConsoleUser();
  const filters = deliveryFiltersSchema.parse(await searchParams);
  const isAdmin = user.role === "ADMIN";
  const [{ rows, total, pages }, providers, dealers] = await Promise.all([
    listDeliveries(user, filters),
    isAdmin ? prisma.provider.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }) : [],
    isAdmin ? prisma.dealer.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }) : [],
  ]);
  const options = (list: { id: number; name: string }[]) => list.map((p) => ({ value: String(p.id), label: p.name }));
  const pageLink = (page: number) => `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])), page: String(page) })}`;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">Callback deliveries</h1>
        <p className="text-sm text-slate-600">{total} matching</p>
      </div>
      <DeliveryFiltersForm filters={filters} providers={options(providers)} dealers={options(dealers)} />
      {user.role !== "PROVIDER" && <TestCallbackForm role={user.role} providers={options(providers)} dealers={options(dealers)} />}
      <div className="overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200">
        <table className="w-full text-left text-sm">
          <TableHead columns={["#", "Created", "Callback", "Tracking code", "Status", "Receiver", "State", "Attempts", "Last error"]} />
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={9} className="px-3 py-6 text-center text-slate-600">
                  No deliveries match these filters.
                </td>
              </tr>
            )}
            {rows.map((d) => (
              <tr key={d.id} className="border-t border-slate-100 align-top">
                <td className="px-3 py-2">
                  <Link href={`/console/deliveries/${d.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                    {d.id}
                  </Link>
                </td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{consoleTime(d.createdAt)}</td>
                <td className="px-3 py-2">{KIND_LABELS[d.kind]}</td>
                <td className="px-3 py-2 font-mono text-xs">{d.trackingCode}</td>
                <td className="px-3 py-2">{d.status}</td>
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
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
          {filters.page > 1 && <Link href={pageLink(filters.page - 1)}>← Newer</Link>}
          <span>
            Page {filters.page} of {pages}
          </span>
          {filters.page < pages && <Link href={pageLink(filters.page + 1)}>Older →</Link>}
        </nav>
      )}
    </div>
  );
}
