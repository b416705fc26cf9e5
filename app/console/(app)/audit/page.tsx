import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import Link from "next/link";
import { AuditChanges } from "@/components/console/audit-changes";
import { AuditFiltersForm } from "@/components/console/audit-filters";
import { EmailText } from "@/components/console/email-text";
import { Pager } from "@/components/console/pager";
import { DataTable } from "@/components/console/data-table";
import { listAuditEntries } from "@/lib/domain/audit/list-audit-entries";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleTime } from "@/lib/edge/console/format";
import { filtersQuery } from "@/lib/edge/console/query-string";
import { describeAuditAction, describeEntity } from "@/lib/edge/console/describe-audit-action";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { auditFiltersSchema } from "@/lib/domain/schemas/audit-filters";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).audit.heading };
}

// Entities with a console page of their own link to it.
const ENTITY_PAGES: Record<string, string> = {
  transaction: "/console/transactions",
  callback_delivery: "/console/deliveries",
  // A discrepancy's resolutions name it by id; a run by hand names its day, which has no page of its own.
  reconciliation: "/console/reconciliation",
};

function Entity({ type, id, t }: { type: string; id: string | null; t: ConsoleMessages }) {
  const label = `${describeEntity(type, t)}${id ? ` #${id}` : ""}`;
  const base = ENTITY_PAGES[type];
  if (!base || !id || !/^\d+$/.test(id)) return <>{label}</>;
  return (
    <Link href={`${base}/${id}`} className="text-brand-700 underline-offset-2 hover:underline">
      {label}
    </Link>
  );
}

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [user, t] = await Promise.all([requireConsoleUser(sectionRoles("audit")), consoleMessages()]);
  const words = t.audit;
  const filters = auditFiltersSchema.parse(await searchParams);
  const { rows, total, pages, entityTypes } = await listAuditEntries(user, filters);
  const { page, ...applied } = filters;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{words.heading}</h1>
        <p className="text-sm text-slate-600">{t.common.matching(total)}</p>
      </div>
      <AuditFiltersForm filters={filters} entityTypes={entityTypes} t={t} />
      <DataTable
        columns={[words.when, words.who, words.action, words.entity, words.beforeAfter]}
        empty={rows.length === 0 ? words.none : null}
      >
        {rows.map((e) => (
          <tr key={e.id} className="border-t border-slate-100 align-top" data-testid="audit-row">
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">{consoleTime(e.createdAt, t.lang)}</td>
            <td className="px-3 py-2">
              <EmailText email={e.actorLabel} />
              {e.ip && <span className="block text-xs text-slate-500">{words.fromIp(e.ip)}</span>}
            </td>
            <td className="px-3 py-2" data-action={e.action}>
              {describeAuditAction(e.action, t)}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              <Entity type={e.entityType} id={e.entityId} t={t} />
            </td>
            {/* Long values (URLs, lists, keys) break anywhere inside this cell, so it never pushes the table past the
               page. */}
            <td className="min-w-64 px-3 py-2 wrap-anywhere">
              <AuditChanges action={e.action} before={e.before} after={e.after} t={t} />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page} pages={pages} href={(p) => `/console/audit${filtersQuery(applied, { page: p })}`} />
    </div>
  );
}
