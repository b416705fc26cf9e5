"use client";

import { useActionState } from "react";
import { decisionAction } from "@/app/pay/[token]/actions";
import type { Lang } from "@/lib/edge/i18n/lang";
import type { PayMessages } from "@/lib/edge/i18n/pay/en";

const BUTTON =
  "flex min-h-12 w-full items-center justify-center rounded-lg px-4 text-base font-semibold focus-visible:outline-2 " +
  "focus-visible:outline-offset-2 disabled:opacity-60";

/** What "Cancel" says: the button, the question, and the words of its two answers. */
export type CancelWords = Pick<PayMessages, "keepPaying" | "cancelling" | "cancelYes"> & {
  label: string;
  confirm: string;
};

/**
 * "Cancel" asks in the page before it cancels: a <details> disclosure opens the warning and the real
 * button, so it works before scripts load (or without them) and never leans on the browser's confirm().
 * A cancelled payment goes back to the site's return URL, where it has one.
 */
export function CancelPayment({
  token,
  lang,
  disabled,
  words: w,
}: {
  token: string;
  lang: Lang;
  disabled: boolean;
  words: CancelWords;
}) {
  const [state, cancel, cancelling] = useActionState(decisionAction, {});
  return (
    <details className="group rounded-lg ring-1 ring-slate-300 open:bg-slate-50 open:p-3">
      <summary
        className={
          `${BUTTON} cursor-pointer list-none bg-white text-slate-700 group-open:bg-transparent ` +
          `hover:bg-slate-50 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden`
        }
      >
        <span className="group-open:hidden">{w.label}</span>
        <span className="hidden group-open:inline">{w.keepPaying}</span>
      </summary>
      <form action={cancel} className="mt-2 flex flex-col gap-3">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="decision" value="cancel" />
        <p className="text-sm text-slate-800">{w.confirm}</p>
        <button
          type="submit"
          disabled={disabled || cancelling}
          aria-busy={cancelling}
          className={`${BUTTON} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`}
        >
          {cancelling ? w.cancelling : w.cancelYes}
        </button>
        {state.error && (
          <p role="alert" className="text-sm text-red-700">
            {state.error}
          </p>
        )}
      </form>
    </details>
  );
}
