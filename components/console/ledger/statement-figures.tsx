import { formatMoney } from "@/lib/base/money/format-money";
import type { DailyStatement, Figure } from "@/lib/domain/ledger/statement";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

type Line = { key: string; label: string; sign: "" | "+" | "−" | "±" | "="; amount: string; count?: number };

/** Who owes whom at the day's end, and what the dealer holds of the service's fees and has earned, in sentences. */
export function OwedSentences({
  statement: s,
  names,
  t,
}: {
  statement: DailyStatement;
  names: { provider: string; dealer: string };
  t: ConsoleMessages;
}) {
  const w = t.ledger.statements;
  const money = (amount: string) => formatMoney(amount, t.lang);
  const owed =
    s.owed.by === "dealer"
      ? w.owedByDealer(names.dealer, names.provider, money(s.owed.amount))
      : s.owed.by === "provider"
        ? w.owedByProvider(names.provider, names.dealer, money(s.owed.amount))
        : w.owedByNobody;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="text-base font-semibold" data-testid="statement-owed">
        {owed}
      </p>
      <p data-testid="statement-service-fees-held">{w.serviceFeesHeld(names.dealer, money(s.serviceFeesHeld))}</p>
      {s.serviceSettlements.count > 0 && (
        <p data-testid="statement-service-paid">{w.serviceFeesPaid(money(s.serviceSettlements.amount))}</p>
      )}
      <p>{w.commissionEarned(names.dealer, money(s.dealerCommission))}</p>
    </div>
  );
}

/**
 * One Istanbul day of a pair, as the statement reads (docs/ledger.md "The daily statement per pair"): the
 * opening balance, what each kind of event added or took off, and the closing balance they add up to.
 */
export function StatementFigures({ statement: s, t }: { statement: DailyStatement; t: ConsoleMessages }) {
  const w = t.ledger.statements;
  const figure = (key: string, label: string, sign: Line["sign"], f: Figure): Line => ({
    key,
    label,
    sign,
    amount: f.amount,
    count: f.count,
  });
  const lines: Line[] = [
    { key: "opening", label: w.opening, sign: "", amount: s.opening },
    figure("deposits", w.deposits, "+", s.deposits),
    figure("withdrawals", w.withdrawals, "−", s.withdrawals),
    figure("card-payments", w.cardPayments, "+", s.cardPayments),
    figure("refunds", w.refunds, "−", s.refunds),
    { key: "service-fees", label: w.serviceFees, sign: "−", amount: s.serviceFees },
    { key: "dealer-fees", label: w.dealerFees, sign: "−", amount: s.dealerFees },
    figure("settlements", w.settlements, "−", s.settlements),
    figure("adjustments", w.adjustments, "±", s.adjustments),
    { key: "closing", label: w.closing, sign: "=", amount: s.closing },
  ];
  return (
    <dl className="grid grid-cols-[1.25rem_minmax(0,1fr)_auto] gap-x-2 gap-y-1 text-sm">
      {lines.map((l) => {
        const edge = l.key === "opening" || l.key === "closing";
        return (
          <div key={l.key} className={`contents ${edge ? "font-semibold" : ""}`}>
            <span aria-hidden="true" className="text-slate-500">
              {l.sign}
            </span>
            <dt className={edge && l.key === "closing" ? "border-t border-slate-300 pt-1" : ""}>
              {l.label}
              {l.count !== undefined && l.count > 0 && (
                <span className="ml-1 text-xs font-normal text-slate-600">({w.count(l.count)})</span>
              )}
            </dt>
            <dd
              className={
                `text-right whitespace-nowrap tabular-nums ` +
                `${edge && l.key === "closing" ? "border-t border-slate-300 pt-1" : ""}`
              }
              data-testid={`statement-${l.key}`}
            >
              {formatMoney(l.amount, t.lang)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
