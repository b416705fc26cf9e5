import { countOpenAlerts } from "@/lib/domain/alerts/list-alerts";
import { countApprovalQueues } from "@/lib/domain/approvals/count-approval-queues";
import type { ConsoleUser } from "@/lib/edge/auth/console-user";
import { getDeliveryHealth } from "@/lib/domain/callbacks/get-delivery-health";
import { prisma } from "@/lib/base/db/prisma";
import { countStatuses } from "./count-statuses";
import { getDayWindow } from "./get-day-window";
import { listDailyVolume } from "./list-daily-volume";
import { siteScope } from "@/lib/domain/access/tenant-scope";
import { sumTransactions } from "./sum-transactions";

/** The dashboard's period: today and the 29 days before it. */
export const DASHBOARD_DAYS = 30;

/** The figures on the console's first page, each aggregated in the database within the user's tenancy. */
export async function getDashboard(user: ConsoleUser, now = new Date()) {
  const window = getDayWindow(DASHBOARD_DAYS, now);
  const [sites, totals, daily, statuses, queues, deliveries, alerts] = await Promise.all([
    prisma.site.findMany({ where: siteScope(user), include: { provider: true, dealer: true }, orderBy: { id: "asc" }, take: 50 }),
    sumTransactions(user, window),
    listDailyVolume(user, window),
    countStatuses(user, window),
    countApprovalQueues(user),
    getDeliveryHealth(user, now),
    countOpenAlerts(user),
  ]);
  return {
    window,
    totals,
    daily,
    statuses,
    queues,
    alerts,
    deliveries,
    sites: sites.map((s) => ({ id: s.id, name: s.name, isActive: s.isActive, provider: s.provider.name, dealer: s.dealer.name })),
  };
}

export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;
