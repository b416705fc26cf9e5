import { DataTable } from "@/components/console/data-table";
import { consoleTime } from "@/lib/edge/console/format";
import { errorCodeLabel } from "@/lib/edge/console/transaction-labels";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { CardAttempt } from "@/lib/generated/prisma/client";

/**
 * A card payment's attempts at its acquirer, in order: each under the order id the acquirer knows it by,
 * with its verdict (an earlier attempt's late verdict shows on its own row) and when it started and ended.
 */
export function CardAttempts({ attempts, t }: { attempts: CardAttempt[]; t: ConsoleMessages }) {
  const a = t.transactions.attempts;
  if (attempts.length === 0) return null;
  return (
    <section aria-labelledby="card-attempts" className="flex flex-col gap-2">
      <h2 id="card-attempts" className="font-medium">
        {a.heading}
      </h2>
      <DataTable columns={[a.number, a.orderId, a.outcome, a.started, a.decided]} empty={null} label={a.heading}>
        {attempts.map((attempt) => (
          <tr key={attempt.id} className="border-t border-slate-100">
            <td className="px-3 py-2 tabular-nums">{attempt.number}</td>
            <td className="px-3 py-2 font-mono text-xs break-all">{attempt.orderId}</td>
            <td className="px-3 py-2">
              {a.status[attempt.status]}
              {attempt.errorCode && (
                <span className="block text-xs text-slate-600">
                  {[errorCodeLabel(attempt.errorCode, t.labels), t.lang === "en" ? attempt.errorMessage : null]
                    .filter(Boolean)
                    .join(": ")}
                </span>
              )}
              {attempt.authCode && <span className="block text-xs text-slate-600">{a.authCode(attempt.authCode)}</span>}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{consoleTime(attempt.startedAt, t.lang)}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              {attempt.decidedAt ? consoleTime(attempt.decidedAt, t.lang) : "—"}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
