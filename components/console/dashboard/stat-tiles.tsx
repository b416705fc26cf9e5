import type { Totals } from "@/lib/console/sum-transactions";
import { formatMoney } from "@/lib/console/format-money";

function Tile({ id, title, count, volume }: { id: string; title: string; count: number; volume: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 id={`${id}-title`} className="text-sm font-medium text-slate-600">
        {title}
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-slate-600">Transactions</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`${id}-count`}>
            {count.toLocaleString("en-GB")}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Completed volume</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`${id}-volume`}>
            {formatMoney(volume)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** Today's and the period's headline figures. */
export function StatTiles({ totals, days }: { totals: Totals; days: number }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <Tile id="today" title="Today" count={totals.todayCount} volume={totals.todayVolume} />
      <Tile id="period" title={`Last ${days} days`} count={totals.periodCount} volume={totals.periodVolume} />
    </div>
  );
}
