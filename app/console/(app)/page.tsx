import type { Metadata } from "next";
import { AutoRefresh } from "@/components/console/auto-refresh";
import { navFor } from "@/components/console/console-nav";
import { DeliveryPanel } from "@/components/console/dashboard/delivery-panel";
import { MethodPanels } from "@/components/console/dashboard/method-panels";
import { MethodTable } from "@/components/console/dashboard/method-table";
import { QueuePanel } from "@/components/console/dashboard/queue-panel";
import { SitesTable } from "@/components/console/dashboard/sites-table";
import { StatTiles } from "@/components/console/dashboard/stat-tiles";
import { StatusPanel } from "@/components/console/dashboard/status-panel";
import { requireConsoleUser } from "@/lib/auth/console-user";
import { consoleTime } from "@/lib/console/format";
import { getDashboard } from "@/lib/console/get-dashboard";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const user = await requireConsoleUser();
  const now = new Date();
  const dashboard = await getDashboard(user, now);
  const days = dashboard.window.days.length;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">Overview</h1>
        <p className="text-sm text-slate-600">
          As of {consoleTime(now)} ({dashboard.window.timeZone}), refreshed every minute
        </p>
      </div>
      <AutoRefresh seconds={60} />
      <StatTiles totals={dashboard.totals.overall} days={days} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <MethodPanels dashboard={dashboard} />
        <StatusPanel statuses={dashboard.statuses} days={days} />
        <QueuePanel queues={dashboard.queues} canOpen={navFor(user.role).some((item) => item.href === "/console/approvals")} />
        <DeliveryPanel health={dashboard.deliveries} now={now} />
        <MethodTable dashboard={dashboard} />
      </div>
      <SitesTable sites={dashboard.sites} />
    </div>
  );
}
