import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BothRecords } from "@/app/console/(app)/reconciliation/[id]/_components/both-records";
import { DiscrepancyActions } from "@/app/console/(app)/reconciliation/[id]/_components/discrepancy-actions";
import { DiscrepancyStatusBadge } from "@/app/console/(app)/reconciliation/_components/discrepancy-status-badge";
import { DetailList } from "@/components/console/panel";
import { reconDealerScope } from "@/lib/domain/reconciliation/reconciliation-scope";
import { accountLabels, trackingCodeOf } from "@/lib/domain/reconciliation/account-labels";
import { getDiscrepancy } from "@/lib/domain/reconciliation/list-reconciliation";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { connectorName } from "@/lib/edge/console/connector-words";
import { consoleTime } from "@/lib/edge/console/format";
import { discrepancyKindWord, recordKindWord, reconDay } from "@/lib/edge/console/reconciliation-words";
import { routeId } from "@/lib/edge/console/route-id";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).reconciliation.detail.title };
}

/**
 * One discrepancy: what differs, both records side by side, its history and what can be done about it.
 * Another dealer's discrepancy is as unknown as a missing one: 404, never 403.
 */
export default async function DiscrepancyPage({ params }: { params: Promise<{ id: string }> }) {
  const [user, t] = await Promise.all([requireConsoleUser(sectionRoles("reconciliation")), consoleMessages()]);
  const d = await getDiscrepancy(await routeId(params), reconDealerScope(user));
  if (!d) notFound();
  const w = t.reconciliation;
  const h = w.detail;
  const [labels, trackingCode] = await Promise.all([accountLabels([d.account]), trackingCodeOf(d.transactionId)]);
  const account = labels.get(d.account) ?? d.account;
  const time = (at: Date | null) => consoleTime(at, t.lang);
  const history: [string, React.ReactNode][] = [[h.found, time(d.createdAt)]];
  if (d.proposedBy) history.push([h.proposedBy, `${d.proposedBy} · ${time(d.proposedAt)}`]);
  if (d.resolvedBy) history.push([h.resolvedBy, `${d.resolvedBy} · ${time(d.resolvedAt)}`]);
  if (d.reason) history.push([h.reason, d.reason]);
  return (
    <div className="flex flex-col gap-6">
      <Link href="/console/reconciliation" className="text-sm text-slate-600 hover:text-slate-900">
        {h.back}
      </Link>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-semibold sm:text-2xl">{h.heading(String(d.id))}</h1>
          <DiscrepancyStatusBadge status={d.status} t={t} />
        </div>
        <p className="text-sm break-words text-slate-700" data-testid="recon-summary">
          <strong>{discrepancyKindWord(d.kind, t)}</strong>
          {` · ${recordKindWord(d.recordKind, t)} · ${reconDay(d.day, t)} · `}
          <span translate="no">
            {account} ({connectorName(d.partner, t)})
          </span>
        </p>
        {d.transactionId && (
          <p className="text-sm">
            {h.transaction}:{" "}
            <Link
              href={`/console/transactions/${d.transactionId}`}
              className="font-mono text-xs text-brand-700 underline-offset-2 hover:underline"
            >
              {trackingCode ?? `#${d.transactionId}`}
            </Link>
          </p>
        )}
      </div>
      <BothRecords ours={d.ours} theirs={d.theirs} t={t} />
      <section
        aria-labelledby="recon-history"
        className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
        data-testid="recon-history"
      >
        <h2 id="recon-history" className="font-medium">
          {h.history}
        </h2>
        <DetailList items={history} />
      </section>
      <DiscrepancyActions d={d} viewer={{ id: user.id, email: user.email, admin: user.role === "ADMIN" }} t={t} />
    </div>
  );
}
