import type { Metadata } from "next";
import { AutoRefresh } from "@/components/console/auto-refresh";
import { sectionRoles } from "@/components/console/console-nav";
import { DeliveryPanel } from "@/components/console/dashboard/delivery-panel";
import { MethodPanels } from "@/components/console/dashboard/method-panels";
import { MethodTable } from "@/components/console/dashboard/method-table";
import { QueuePanel } from "@/components/console/dashboard/queue-panel";
import { SitesTable } from "@/components/console/dashboard/sites-table";
import { StatTiles } from "@/components/console/dashboard/stat-tiles";
import { StatusPanel } from "@/components/console/dashboard/status-panel";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleTime } from "@/lib/edge/console/format";
import { getDashboard } from "@/lib/edge/console/get-dashboard";
import { consoleMessages } from "@/lib/edge/i18n/console/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).dashboard.heading };
}

export default async function OverviewPage() {
  const [user, t] = await Promise.all([requireConsoleUser(sectionRoles("overview")), consoleMessages()]);
  const now = new Date();
  const dashboard = await getDashboard(user, now);
  const days = dashboard.window.days.length;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t.dashboard.heading}</h1>
        <p className="text-sm text-slate-600">
          {t.dashboard.asOf(consoleTime(dashboard.asOf, t.lang), dashboard.window.timeZone)}
        </p>
      </div>
      <AutoRefresh seconds={60} />
      <StatTiles totals={dashboard.totals.overall} days={days} t={t} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <MethodPanels dashboard={dashboard} t={t} />
        <StatusPanel statuses={dashboard.statuses} days={days} t={t} />
        <QueuePanel
          queues={dashboard.queues}
          alerts={dashboard.alerts}
          secondApprovals={dashboard.secondApprovals}
          canOpen={sectionRoles("approvals").includes(user.role)}
          t={t}
        />
        <DeliveryPanel health={dashboard.deliveries} now={now} t={t} />
        <MethodTable dashboard={dashboard} t={t} />
      </div>
      <SitesTable sites={dashboard.sites} t={t} />
    </div>
  );
}
