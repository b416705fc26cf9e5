import { countOpenAlerts } from "@/lib/domain/alerts/list-alerts";
import { countApprovalQueues, countOpenProposals } from "@/lib/domain/approvals/count-approval-queues";
import type { ConsoleUser } from "@/lib/edge/auth/console-user";
import { getDeliveryHealth } from "@/lib/domain/callbacks/get-delivery-health";
import { getDayWindow, type DayWindow } from "@/lib/domain/explorer/get-day-window";
import { summarizePeriod } from "@/lib/domain/explorer/summarize-period";
import { listDashboardSites } from "@/lib/domain/sites/list-sites";

/** The dashboard's period: today and the 29 days before it. */
export const DASHBOARD_DAYS = 30;

/** A period summary that took longer than this to compute is reused until the page's next refresh. */
const SLOW_MS = 100;
const REUSE_MS = 60_000;
type Summary = Awaited<ReturnType<typeof summarizePeriod>> & { asOf: Date };
const summaries = new Map<string, { summary: Summary; until: number }>();

/**
 * The period's figures: computed fresh, except that one which took more than SLOW_MS (a large tenancy) is
 * reused for up to a minute, the page's own refresh, and says as of when. Small tenancies always see
 * their newest transaction at once.
 */
async function periodSummary(user: ConsoleUser, window: DayWindow, now: Date): Promise<Summary> {
  const key = [
    user.role,
    user.dealerId ?? "",
    user.providerId ?? "",
    window.periodStart.toISOString(),
    window.today,
  ].join(":");
  const kept = summaries.get(key);
  if (kept && kept.until > now.getTime()) return kept.summary;
  const started = performance.now();
  const summary = { ...(await summarizePeriod(user, window)), asOf: now };
  summaries.delete(key);
  if (performance.now() - started > SLOW_MS) {
    if (summaries.size > 500) summaries.clear();
    summaries.set(key, { summary, until: now.getTime() + REUSE_MS });
  }
  return summary;
}

/** The figures on the console's first page, each aggregated in the database within the user's tenancy. */
export async function getDashboard(user: ConsoleUser, now = new Date()) {
  const window = getDayWindow(DASHBOARD_DAYS, now);
  const [sites, { totals, daily, statuses, asOf }, queues, deliveries, alerts, secondApprovals] = await Promise.all([
    listDashboardSites(user),
    periodSummary(user, window, now),
    countApprovalQueues(user),
    getDeliveryHealth(user, now),
    countOpenAlerts(user),
    countOpenProposals(user),
  ]);
  return {
    window,
    asOf,
    totals,
    daily,
    statuses,
    queues,
    alerts,
    secondApprovals,
    deliveries,
    sites: sites.map((s) => ({
      id: s.id,
      name: s.name,
      isActive: s.isActive,
      provider: s.provider.name,
      dealer: s.dealer.name,
    })),
  };
}

export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;
