import { formatCount } from "@/lib/edge/console/format";
import { formatMoney } from "@/lib/base/money/format-money";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { Totals } from "@/lib/domain/explorer/summarize-period";

function Tile({
  id,
  title,
  count,
  volume,
  t,
}: {
  id: string;
  title: string;
  count: number;
  volume: string;
  t: ConsoleMessages;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 id={`${id}-title`} className="text-sm font-medium text-slate-600">
        {title}
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-slate-600">{t.dashboard.transactions}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`${id}-count`}>
            {formatCount(count, t.lang)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t.dashboard.completedVolume}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`${id}-volume`}>
            {formatMoney(volume, t.lang)}
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
      <Tile id="today" title={t.dashboard.today} count={totals.todayCount} volume={totals.todayVolume} t={t} />
      <Tile
        id="period"
        title={t.dashboard.lastDays(days)}
        count={totals.periodCount}
        volume={totals.periodVolume}
        t={t}
      />
    </div>
  );
}
