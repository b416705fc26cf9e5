import { formatCount } from "@/lib/edge/console/format";
import { formatMoney } from "@/lib/base/money/format-money";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { Totals } from "@/lib/domain/explorer/summarize-period";

/**
 * One period's headline: how many transactions, and the money that came in, went out (withdrawals and refunds) and
 * the net of the two, never in and out added together.
 */
function Tile({
  id,
  title,
  count,
  moneyIn,
  moneyOut,
  net,
  t,
}: {
  id: string;
  title: string;
  count: number;
  moneyIn: string;
  moneyOut: string;
  net: string;
  t: ConsoleMessages;
}) {
  const w = t.dashboard;
  const figure = "mt-1 font-semibold tabular-nums";
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 id={`${id}-title`} className="text-sm font-medium text-slate-600">
        {title}
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-slate-600">{w.transactions}</dt>
          <dd className={`${figure} text-2xl`} data-testid={`${id}-count`}>
            {formatCount(count, t.lang)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{w.net}</dt>
          <dd className={`${figure} text-2xl`} data-testid={`${id}-net`}>
            {formatMoney(net, t.lang)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{w.moneyIn}</dt>
          <dd className={`${figure} text-lg text-emerald-800`} data-testid={`${id}-in`}>
            {formatMoney(moneyIn, t.lang)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{w.moneyOut}</dt>
          <dd className={`${figure} text-lg text-slate-800`} data-testid={`${id}-out`}>
            {formatMoney(moneyOut, t.lang)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** Today's and the period's headline figures. */
export function StatTiles({ totals, days, t }: { totals: Totals; days: number; t: ConsoleMessages }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <Tile
        id="today"
        title={t.dashboard.today}
        count={totals.todayCount}
        moneyIn={totals.todayIn}
        moneyOut={totals.todayOut}
        net={totals.todayNet}
        t={t}
      />
      <Tile
        id="period"
        title={t.dashboard.lastDays(days)}
        count={totals.periodCount}
        moneyIn={totals.periodIn}
        moneyOut={totals.periodOut}
        net={totals.periodNet}
        t={t}
      />
    </div>
  );
}
