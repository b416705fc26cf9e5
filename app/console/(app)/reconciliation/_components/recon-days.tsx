import Link from "next/link";
import { DataTable } from "@/components/console/data-table";
import type { ReconRun } from "@/lib/generated/prisma/client";
import { consoleTime, formatCount } from "@/lib/edge/console/format";
import { filtersQuery } from "@/lib/edge/console/query-string";
import { dayOf } from "@/lib/domain/reconciliation/recon-day";
import { reconDay } from "@/lib/edge/console/reconciliation-words";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { formatAmount } from "@/lib/base/money/format-money";
import { RECONCILIATION_PATH } from "./recon-filters";

const STATE_STYLE: Record<string, string> = {
  reconciled: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
};

/**
 * The account's own filter for the discrepancy list: its partner and the dealer (an acquirer's or a wallet's
 * account) or the gateway it belongs to, on its day.
 */
function accountQuery(run: ReconRun) {
  const day = dayOf(run.day);
  return filtersQuery({
    from: day,
    to: day,
    partner: run.partner,
    dealerId: run.dealerId ?? undefined,
    gatewayId: run.gatewayId ?? undefined,
  });
}

/** On a phone the rows stack and the header row is gone from view: each figure then says what it is. */
function PhoneLabel({ children }: { children: string }) {
  return <span className="text-slate-600 sm:hidden">{children}: </span>;
}

/** A run's state; a day that could not be reconciled says so, with the partner's error and when it is asked again. */
function RunState({ run, t }: { run: ReconRun; t: ConsoleMessages }) {
  const w = t.reconciliation.days;
  return (
    <div className="flex flex-col gap-1">
      <span
        className={`w-fit rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${
          STATE_STYLE[run.state] ?? "bg-slate-50 text-slate-700 ring-slate-200"
        }`}
        data-testid="recon-run-state"
      >
        {w.states[run.state] ?? run.state}
      </span>
      {run.state === "failed" && (
        <span className="text-xs break-words text-red-800">
          {run.error && <span className="block">{w.failedWhy(run.error)}</span>}
          {run.nextAttemptAt && <span className="block">{w.retryAt(consoleTime(run.nextAttemptAt, t.lang))}</span>}
          {run.reconciledAt && (
            <span className="block text-slate-600">{w.lastComplete(consoleTime(run.reconciledAt, t.lang))}</span>
          )}
        </span>
      )}
    </div>
  );
}

/**
 * Days by partner: one row per partner account and Istanbul day, what the last complete run matched and how
 * many discrepancies are still open, each count a link to that day's discrepancies of the account.
 */
export function ReconDays({
  runs,
  labels,
  t,
}: {
  runs: ReconRun[];
  labels: ReadonlyMap<string, string>;
  t: ConsoleMessages;
}) {
  const w = t.reconciliation.days;
  const count = (n: number) => formatCount(n, t.lang);
  return (
    <DataTable
      label={w.heading}
      columns={[
        w.day,
        w.account,
        t.reconciliation.partner,
        w.state,
        w.partnerRecords,
        w.matched,
        w.matchedAmount,
        w.open,
      ]}
      empty={runs.length === 0 ? w.none : null}
    >
      {runs.map((run) => {
        const label = labels.get(run.account) ?? run.account;
        const day = reconDay(run.day, t);
        return (
          <tr key={run.id} className="border-t border-slate-100 align-top" data-testid="recon-run">
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">{day}</td>
            <td className="px-3 py-2 break-words" translate="no">
              {label}
            </td>
            <td className="px-3 py-2 font-mono text-xs" translate="no">
              {run.partner}
            </td>
            <td className="px-3 py-2">
              <RunState run={run} t={t} />
            </td>
            <td className="px-3 py-2 text-right tabular-nums">
              <PhoneLabel>{w.partnerRecords}</PhoneLabel>
              {count(run.partnerRecords)}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">
              <PhoneLabel>{w.matched}</PhoneLabel>
              {count(run.matched)}
            </td>
            <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
              <PhoneLabel>{w.matchedAmount}</PhoneLabel>
              <span data-testid="recon-matched-amount">{formatAmount(run.matchedAmount, t.lang)}</span>
            </td>
            <td className="px-3 py-2 text-right tabular-nums">
              <PhoneLabel>{w.open}</PhoneLabel>
              {run.discrepancies > 0 ? (
                <Link
                  href={`${RECONCILIATION_PATH}${accountQuery(run)}#discrepancies`}
                  aria-label={w.openLink(count(run.discrepancies), day, label)}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {count(run.discrepancies)}
                </Link>
              ) : (
                count(0)
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
