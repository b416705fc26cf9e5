"use client";

import { useActionState, type ReactNode } from "react";
import { cardCheckoutAction } from "@/app/pay/[token]/actions";
import { CancelPayment, type CancelWords } from "@/app/pay/[token]/_components/cancel-payment";
import type { Lang } from "@/lib/edge/i18n/lang";

/**
 * The interactive part of a card payment: the button to the acquirer's secure page (its label chosen on the server:
 * "Pay by card" or, after a decline, "Try another card"), what the server renders between it and "Cancel", and
 * "Cancel", which waits while the bank's page is being opened.
 */
export function CardActions({
  token,
  lang,
  note,
  start,
  opening,
  between,
  cancel,
}: {
  token: string;
  lang: Lang;
  note: string;
  start: string;
  opening: string;
  between: ReactNode;
  cancel: CancelWords;
}) {
  const [state, open, pending] = useActionState(cardCheckoutAction, {});
  return (
    <>
      <form action={open} className="flex flex-col gap-3">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="lang" value={lang} />
        <p className="text-sm text-slate-700">{note}</p>
        <button
          type="submit"
          disabled={pending}
          className={
            "min-h-12 w-full rounded-lg bg-brand-600 px-4 text-base font-semibold text-white " +
            "hover:bg-brand-700 disabled:opacity-60"
          }
        >
          {pending ? opening : start}
        </button>
        {state.error && (
          <p role="alert" className="text-sm text-red-700">
            {state.error}
          </p>
        )}
      </form>
      {between}
      <CancelPayment token={token} lang={lang} disabled={pending} words={cancel} />
    </>
  );
}
