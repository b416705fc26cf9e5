import Link from "next/link";
import { APPROVAL_TABS, type ApprovalTab } from "@/lib/domain/approvals/approval-tabs";
import { formatCount } from "@/lib/edge/console/format";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/** One link per queue with its size; the current one is marked for assistive technology too. */
const ACTIVE_TAB = "bg-slate-900 text-white ring-slate-900";
const OTHER_TAB = "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50";

/** A tab's count: light on the dark active tab, amber where something needs attention. */
function countColors(active: boolean, attention: boolean): string {
  if (active) return "bg-white/20";
  return attention ? "bg-amber-100 text-amber-900" : "bg-slate-100";
}

export function QueueTabs({
  current,
  counts,
  t,
}: {
  current: ApprovalTab;
  counts: Record<ApprovalTab, number>;
  t: ConsoleMessages;
}) {
  return (
    <nav aria-label={t.approvals.tabsLabel} className="-mx-1 flex flex-wrap gap-2">
      {APPROVAL_TABS.map((tab) => {
        const active = tab === current;
        return (
          <Link
            key={tab}
            href={`/console/approvals?tab=${tab}`}
            aria-current={active ? "page" : undefined}
            className={
              `inline-flex min-h-10 items-center gap-2 rounded-full px-3 text-sm font-medium ring-1 ` +
              `${active ? ACTIVE_TAB : OTHER_TAB}`
            }
          >
            {t.approvals.tabs[tab]}
            <span
              className={
                `rounded-full px-2 text-xs tabular-nums ` +
                `${countColors(active, tab === "attention" && counts[tab] > 0)}`
              }
            >
              {formatCount(counts[tab], t.lang)}
            </span>
          </Link>
        );
      })}
    </nav>
  );
}
