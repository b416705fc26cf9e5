"use client";

import { useActionState, type ReactNode } from "react";
import { decisionAction } from "@/app/pay/[token]/actions";
import { AmountForm, type AmountFormWords } from "@/app/pay/[token]/_components/amount-form";
import { CancelPayment, type CancelWords } from "@/app/pay/[token]/_components/cancel-payment";
import type { Lang } from "@/lib/edge/i18n/lang";
import type { PayMessages } from "@/lib/edge/i18n/pay/en";

const BUTTON =
  "min-h-12 w-full rounded-lg px-4 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 " +
  "disabled:opacity-60";

/**
 * The interactive part of a bank-transfer deposit: the amount form (or what the server put in its place), the
 * transfer details rendered on the server, "I have sent the money" and "Cancel". While the customer's "sent" is on
 * its way, the other two wait for it.
 */
export function DepositActions({
  token,
  lang,
  amount,
  instead,
  details,
  words: w,
  cancel,
}: {
  token: string;
  lang: Lang;
  /** The amount form's words, where the amount may still change. */
  amount: AmountFormWords | null;
  /** What shows where the amount form would be (that too little time is left to change it), if anything. */
  instead: ReactNode;
  details: ReactNode;
  words: Pick<PayMessages, "sent" | "sending">;
  cancel: CancelWords;
}) {
  const [sentState, markSent, sending] = useActionState(decisionAction, {});
  return (
    <>
      {amount ? <AmountForm token={token} lang={lang} disabled={sending} words={amount} /> : instead}
      {details}
      <div className="flex flex-col gap-3">
        <form action={markSent}>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="lang" value={lang} />
          <input type="hidden" name="decision" value="sent" />
          <button
            type="submit"
            disabled={sending}
            aria-busy={sending}
            className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600`}
          >
            {sending ? w.sending : w.sent}
          </button>
          {sentState.error && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {sentState.error}
            </p>
          )}
        </form>
        <CancelPayment token={token} lang={lang} disabled={sending} words={cancel} />
      </div>
    </>
  );
}
