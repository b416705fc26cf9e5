import { sectionRoles } from "@/components/console/console-nav";
import type { Metadata } from "next";
import { AlertsQueue } from "@/app/console/(app)/approvals/_components/alerts-queue";
import { ApprovalRow } from "@/app/console/(app)/approvals/_components/approval-row";
import { BulkDecision } from "@/app/console/(app)/approvals/_components/bulk-decision";
import { QueueFilters } from "@/components/console/approvals/queue-filters";
import { QueueKeys } from "@/components/console/approvals/queue-keys";
import { QueueTabs } from "@/components/console/approvals/queue-tabs";
import { SecondApprovals } from "@/app/console/(app)/approvals/_components/second-approvals";
import { listOpenProposals } from "@/lib/domain/approvals/second-approval";
import { listProposedRefunds } from "@/lib/domain/cards/second-card-refund";
import { ProposedRefunds } from "@/app/console/(app)/approvals/_components/proposed-refunds";
import { HeldTransfers } from "@/app/console/(app)/approvals/_components/held-transfers";
import { listHeldTransfers } from "@/lib/domain/transfers/held-transfers";
import { Pager } from "@/components/console/pager";
import { countOpenAlerts, listOpenAlerts } from "@/lib/domain/alerts/list-alerts";
import { defaultTab, isApprovalTab, tabCounts, type TransactionTab } from "@/lib/domain/approvals/approval-tabs";
import { countApprovalQueues } from "@/lib/domain/approvals/count-approval-queues";
import { APPROVALS_PAGE_SIZE, listApprovalPage } from "@/lib/domain/approvals/list-approval-page";
import { requireConsoleUser, type ConsoleUser } from "@/lib/edge/auth/console-user";
import { describeFilterProblems } from "@/lib/edge/console/describe-filter-problems";
import { filtersQuery } from "@/lib/edge/console/query-string";
import { siteChoices } from "@/lib/domain/explorer/choices";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { staffQueue, type ActorRole } from "@/lib/domain/payment-methods";
import { parseTransactionFilters } from "@/lib/domain/schemas/transaction-filters";
import { candidateLines } from "@/lib/domain/approvals/candidate-lines";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).approvals.heading };
}

type Params = Record<string, string | string[] | undefined>;

/**
 * The work queue: one tab per queue (Needs attention first), oldest first with its age, filters and
 * search, 20 a page, and keyboard moves (QueueKeys) onto each row's confirmations.
 */
export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<Params> }) {
  const [user, t, params] = await Promise.all([
    requireConsoleUser(sectionRoles("approvals")),
    consoleMessages(),
    searchParams,
  ]);
  const a = t.approvals;
  const tenant = { dealerId: user.role === "DEALER" ? (user.dealerId ?? -1) : null };
  const [sizes, alertCount, proposals, refunds, transfers] = await Promise.all([
    countApprovalQueues(user),
    countOpenAlerts(user),
    listOpenProposals(tenant),
    listProposedRefunds(tenant),
    listHeldTransfers(tenant),
  ]);
  const viewer = { id: user.id, email: user.email, admin: user.role === "ADMIN" };
  const counts = tabCounts(sizes, alertCount);
  const tab = isApprovalTab(params.tab) ? params.tab : defaultTab(counts);
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold">{a.heading}</h1>
      <SecondApprovals proposals={proposals} viewer={viewer} t={t} />
      <ProposedRefunds refunds={refunds} viewer={viewer} t={t} />
      <HeldTransfers transfers={transfers} viewer={viewer} t={t} />
      <QueueTabs current={tab} counts={counts} t={t} />
      {/* The tab's explanation is for a wide screen; on a phone the work comes first. */}
      <p className="hidden text-sm text-slate-600 sm:block">{a.tabHint[tab]}</p>
      {tab === "attention" ? (
        <AlertsQueue
          alerts={await listOpenAlerts(user)}
          canResolve
          role={user.role === "ADMIN" ? "admin" : "dealer_staff"}
          t={t}
        />
      ) : (
        <Queue tab={tab} user={user} params={params} t={t} />
      )}
    </div>
  );
}

/** One transaction queue: its filters, one page of rows oldest first, and the pager. */
async function Queue({
  tab,
  user,
  params,
  t,
}: {
  tab: TransactionTab;
  user: ConsoleUser;
  params: Params;
  t: ConsoleMessages;
}) {
  const a = t.approvals;
  const { filters, problems } = parseTransactionFilters(params);
  const { page, ...applied } = filters;
  const [{ rows, total, pages, unmatched }, sites] = await Promise.all([
    listApprovalPage(user, tab, filters),
    siteChoices(user),
  ]);
  // What each row offers is what the lifecycle table lets this role do from where the transaction stands.
  const role: ActorRole = user.role === "ADMIN" ? "admin" : "dealer_staff";
  const now = new Date();
  const filtered = Object.values(applied).some((v) => v !== undefined);
  const from = (page - 1) * APPROVALS_PAGE_SIZE + 1;
  return (
    <>
      <QueueFilters
        tab={tab}
        filters={filters}
        methods={staffQueue(tab === "sent" || tab === "open" ? "DEPOSIT" : "WITHDRAWAL").methods}
        sites={sites.map((s) => ({ value: String(s.id), label: s.name }))}
        t={t}
      />
      {problems.length > 0 && (
        <div role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {describeFilterProblems(problems, t).map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{filtered ? a.noMatch : a.nothingWaiting}</p>
      ) : (
        <section aria-label={a.tabs[tab]} className="flex flex-col gap-3">
          <p className="text-sm text-slate-600" data-testid="queue-range">
            {a.shown(from, from + rows.length - 1, total)}
          </p>
          <p className="hidden text-xs text-slate-600 sm:block">{a.keyboardHint}</p>
          {tab === "sent" && <BulkDecision t={t} />}
          <QueueKeys>
            {rows.map((row) => (
              <ApprovalRow
                key={row.id}
                row={row}
                role={role}
                lines={candidateLines(unmatched, row)}
                now={now}
                t={t}
                bulk={tab === "sent"}
              />
            ))}
          </QueueKeys>
        </section>
      )}
      <Pager
        page={page}
        pages={pages}
        href={(p) => `/console/approvals${filtersQuery({ tab, ...applied }, { page: p })}`}
        labels={{ previous: a.previous, next: a.next }}
      />
    </>
  );
}
