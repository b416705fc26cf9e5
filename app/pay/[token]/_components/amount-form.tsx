"use client";

import { useActionState } from "react";
import { changeAmountAction } from "@/app/pay/[token]/actions";
import type { Lang } from "@/lib/edge/i18n/lang";
import type { PayMessages } from "@/lib/edge/i18n/pay/en";

const FIELD =
  "min-h-12 w-full min-w-0 rounded-lg border border-slate-300 px-3 text-lg tabular-nums focus:border-brand-500 " +
  "focus:ring-2 focus:ring-brand-100 focus:outline-none";
const SMALL_BUTTON =
  "min-h-12 rounded-lg px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 " +
  "disabled:opacity-60";

/** The amount form's words, and its figures already in the page's format ("1.500,00", "Between 10,00 TL and …"). */
export type AmountFormWords = Pick<PayMessages, "changeAmount" | "updateAmount" | "updating" | "amountCheckHint"> & {
  /** The current amount as the field shows it. */
  value: string;
  /** The allowed range, said under the field. */
  range: string;
};

/**
 * The customer's amount. A change past twice or below half the current amount comes back as a question
 * naming both amounts (worded by the action), answered by a second post carrying the new amount as confirmed: a
 * server round trip, so it holds without scripts too.
 */
export function AmountForm({
  token,
  lang,
  disabled,
  words: w,
}: {
  token: string;
  lang: Lang;
  disabled: boolean;
  words: AmountFormWords;
}) {
  const [state, changeAmount, changing] = useActionState(changeAmountAction, {});
  const hidden = (
    <>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="lang" value={lang} />
    </>
  );
  if (state.confirm) {
    const { amount, question, yes, no } = state.confirm;
    return (
      <section
        role="alertdialog"
        aria-labelledby="amount-check"
        aria-describedby="amount-check-hint"
        className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300"
      >
        <h2 id="amount-check" className="text-base font-semibold text-amber-950">
          {question}
        </h2>
        <p id="amount-check-hint" className="mt-1 text-sm text-amber-950">
          {w.amountCheckHint}
        </p>
        <div className="mt-3 flex flex-col gap-2">
          <form action={changeAmount}>
            {hidden}
            <input type="hidden" name="amount" value={amount} />
            <input type="hidden" name="confirmed" value={amount} />
            <button
              type="submit"
              disabled={disabled || changing}
              className={`${SMALL_BUTTON} w-full bg-slate-900 text-white focus-visible:outline-slate-900`}
            >
              {changing ? w.updating : yes}
            </button>
          </form>
          <form action={changeAmount}>
            {hidden}
            <input type="hidden" name="keep" value="1" />
            <button
              type="submit"
              disabled={disabled || changing}
              className={
                `${SMALL_BUTTON} w-full bg-white text-slate-800 ring-1 ring-slate-300 ` +
                `focus-visible:outline-brand-600`
              }
            >
              {no}
            </button>
          </form>
        </div>
      </section>
    );
  }
  return (
    <form action={changeAmount} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      {hidden}
      <label htmlFor="amount" className="text-sm font-medium text-slate-700">
        {w.changeAmount}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={w.value}
          key={w.value}
          aria-describedby="amount-range"
          className={FIELD}
        />
        <button
          type="submit"
          disabled={disabled || changing}
          className={`${SMALL_BUTTON} shrink-0 bg-slate-900 text-white`}
        >
          {changing ? w.updating : w.updateAmount}
        </button>
      </div>
      <p id="amount-range" className="mt-1 text-xs text-slate-600">
        {w.range}
      </p>
      {state.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {state.error}
        </p>
      )}
    </form>
  );
}
