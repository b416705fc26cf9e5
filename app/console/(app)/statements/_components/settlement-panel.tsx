import Link from "next/link";
import { recordSettlementAction } from "@/app/console/(app)/statements/actions";
import { ActionForm } from "@/components/console/action-form";
import { DayField } from "@/components/console/day-field";
import { DetailList } from "@/components/console/panel";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { compareDecimal } from "@/lib/base/money/compare-decimal";
import { formatAmount, formatMoney } from "@/lib/base/money/format-money";
import { parseAmountInput } from "@/lib/base/money/parse-amount-input";
import { negate, sumAmounts } from "@/lib/domain/ledger/fee";
import type { SettlementRecord } from "@/lib/domain/ledger/settlements";
import { settlementReference } from "@/lib/domain/schemas/ledger";
import { isoDay } from "@/lib/domain/schemas/filter-fields";
import type { SettlementDraft } from "@/lib/domain/schemas/ledger-filters";
import { consoleDay, consoleTime } from "@/lib/edge/console/format";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

export type Pair = { providerId: number; dealerId: number; provider: string; dealer: string };

/** A draft that reads: the amount as a decimal, the reference and the bank's day; else what is missing, in words. */
export type CheckedDraft =
  { ok: true; amount: string; reference: string; paidOn: string } | { ok: false; problems: string[] };

/**
 * What the review needs from the typed draft ("1.500,00", " ref 12 ", "24.11.2026"), read the way the action
 * will read it; the action and the domain check everything again (an amount of zero, a day to come).
 */
export function checkDraft(draft: SettlementDraft, t: ConsoleMessages): CheckedDraft {
  const s = t.ledger.settle;
  const amount = parseAmountInput(draft.amount);
  const reference = settlementReference(draft.reference);
  const day = isoDay(draft.paidOn);
  const paidOn =
    typeof day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`))
      ? day
      : null;
  const problems = [
    amount === null || compareDecimal(amount, "0.01") < 0 ? s.needAmount : null,
    reference ? null : s.needReference,
    paidOn ? null : s.needDay,
  ].filter((p): p is string => p !== null);
  return problems.length || amount === null || !paidOn
    ? { ok: false, problems }
    : { ok: true, amount, reference, paidOn };
}

/**
 * Step one, a plain GET form: what was paid, to whom, the bank's reference and day. It sends the admin to the
 * review (step two) on the same page; nothing is written yet. Open while a draft is being changed.
 */
export function SettlementDraftForm({
  pair,
  draft,
  keep,
  open,
  problems,
  today,
  t,
}: {
  pair: Pair;
  draft: SettlementDraft | null;
  keep: Record<string, string>;
  open: boolean;
  problems: string[];
  today: string;
  t: ConsoleMessages;
}) {
  const s = t.ledger.settle;
  return (
    <details className="rounded-lg bg-white p-4 ring-1 ring-slate-200" open={open} data-testid="settlement-form">
      <summary className="cursor-pointer font-medium">{s.heading}</summary>
      <p className="mt-2 text-sm text-slate-600">{s.intro}</p>
      <form method="get" action="/console/statements" className="mt-3 flex flex-wrap items-end gap-3">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="settle" value="review" />
        <SelectField
          label={s.direction}
          name="direction"
          defaultValue={draft?.direction ?? "TO_PROVIDER"}
          options={[
            { value: "TO_PROVIDER", label: s.toProvider(pair.provider) },
            { value: "TO_SERVICE", label: s.toService },
          ]}
        />
        <TextField
          label={s.amount}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={draft?.amount ?? ""}
          placeholder={formatAmount("1500", t.lang)}
          className="w-40"
        />
        <TextField
          label={s.reference}
          name="reference"
          autoComplete="off"
          maxLength={100}
          defaultValue={draft?.reference ?? ""}
          className="w-full sm:w-64"
        />
        <DayField label={s.paidOn} name="paidOn" value={draft?.paidOn || today} lang={t.lang} />
        <TextField
          label={s.note}
          name="note"
          autoComplete="off"
          maxLength={500}
          defaultValue={draft?.note ?? ""}
          className="w-full sm:w-80"
        />
        <Button type="submit">{s.review}</Button>
      </form>
      {problems.length > 0 && (
        <div role="alert" className="mt-2 text-sm text-red-700">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}
    </details>
  );
}

/**
 * Step two, the confirmation: it names the amount, who paid and who was paid, the reference and the day,
 * what is owed before and after, and says that a recorded payment stays; its button posts the server action
 * (ActionForm: works before scripts load). A payment already recorded under the reference is shown instead.
 */
export function SettlementReview({
  pair,
  draft,
  checked,
  owedNow,
  recorded,
  changeHref,
  cancelHref,
  t,
}: {
  pair: Pair;
  draft: SettlementDraft;
  checked: { amount: string; reference: string; paidOn: string };
  owedNow: string;
  recorded: SettlementRecord | null;
  changeHref: string;
  cancelHref: string;
  t: ConsoleMessages;
}) {
  const s = t.ledger.settle;
  const money = (amount: string) => formatMoney(amount, t.lang);
  if (recorded) {
    const w = t.ledger.settlements;
    return (
      <section
        aria-labelledby="settlement-recorded"
        className="flex flex-col gap-3 rounded-lg bg-emerald-50 p-4 ring-1 ring-emerald-200"
        data-testid="settlement-recorded"
      >
        <h2 id="settlement-recorded" className="font-semibold">
          {s.recordedHeading}
        </h2>
        <DetailList
          items={[
            [w.amount, money(recorded.amount)],
            [w.to, w.direction[recorded.direction]],
            [
              w.reference,
              <span key="r" translate="no">
                {recorded.reference}
              </span>,
            ],
            [w.paidOn, consoleDay(recorded.paidOn, t.lang)],
            [
              w.recordedBy,
              <span key="b" translate="no">
                {recorded.recordedBy}
              </span>,
            ],
            [w.recordedAt, consoleTime(recorded.recordedAt, t.lang)],
          ]}
        />
        <Link href={cancelHref} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          {s.back}
        </Link>
      </section>
    );
  }
  const payee = draft.direction === "TO_PROVIDER" ? pair.provider : s.serviceOf(pair.provider);
  const after = sumAmounts([owedNow, negate(checked.amount)]);
  return (
    <section
      aria-labelledby="settlement-review"
      className="flex flex-col gap-3 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300"
      data-testid="settlement-review"
    >
      <p className="text-xs font-medium tracking-wide text-amber-900 uppercase">{s.reviewHeading}</p>
      <h2 id="settlement-review" className="text-lg font-semibold" data-testid="settlement-review-title">
        {s.title(money(checked.amount), pair.dealer, payee)}
      </h2>
      <div className="text-sm text-slate-800">
        <p className="break-words">{s.details(checked.reference, consoleDay(checked.paidOn, t.lang))}</p>
        {draft.note.trim() && <p className="break-words">{draft.note.trim()}</p>}
        <p className="mt-1">
          {s.owedNow(money(owedNow))} {s.owedAfter(money(after))}
        </p>
        {compareDecimal(checked.amount, owedNow) > 0 && (
          <p className="mt-1 font-medium text-amber-900">{s.moreThanOwed}</p>
        )}
        <p className="mt-1 text-slate-600">{s.cannotUndo}</p>
      </div>
      <ActionForm action={recordSettlementAction} submitLabel={s.confirm(money(checked.amount))} refreshAfterMs={1200}>
        <input type="hidden" name="providerId" value={pair.providerId} />
        <input type="hidden" name="dealerId" value={pair.dealerId} />
        <input type="hidden" name="direction" value={draft.direction} />
        <input type="hidden" name="amount" value={checked.amount} />
        <input type="hidden" name="reference" value={checked.reference} />
        <input type="hidden" name="paidOn" value={checked.paidOn} />
        <input type="hidden" name="note" value={draft.note} />
      </ActionForm>
      <div className="flex flex-wrap gap-4 text-sm">
        <Link href={changeHref} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {s.change}
        </Link>
        <Link href={cancelHref} className="text-slate-600 hover:text-slate-900">
          {s.cancel}
        </Link>
      </div>
    </section>
  );
}
