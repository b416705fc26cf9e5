"use client";

import { useActionState } from "react";
import { decisionAction } from "@/app/pay/[token]/actions";
import { PAY_MESSAGES } from "@/lib/edge/i18n/pay/messages";
import { AmountForm } from "@/app/pay/[token]/_components/amount-form";
import { CancelPayment } from "@/app/pay/[token]/_components/cancel-payment";
import type { ScreenProps } from "@/app/pay/[token]/_components/screen-props";
import { Countdown } from "@/components/pay/countdown";
import { TransferDetails } from "@/components/pay/transfer-details";

const BUTTON =
  "min-h-12 w-full rounded-lg px-4 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 " +
  "disabled:opacity-60";

/**
 * What the customer needs to pay a manual or E-IBAN deposit, and the two ways to finish. The amount can be
 * changed only while there is time to send it: with little time left the form is withdrawn (the server
 * re-renders the page when the countdown crosses the line).
 */
export function DepositInstructions({ view, lang, onExpire, onLow }: ScreenProps) {
  const t = PAY_MESSAGES[lang];
  const [sentState, markSent, sending] = useActionState(decisionAction, {});
  const range = view.range;
  return (
    <div className="flex flex-col gap-4">
      {view.expiresAt && view.deadline && (
        <Countdown
          until={view.expiresAt}
          clock={view.deadline}
          label={t.timeLeft}
          lang={lang}
          onExpire={onExpire}
          onLow={onLow}
        />
      )}
      {range && !view.lowTime && <AmountForm view={{ ...view, range }} lang={lang} disabled={sending} />}
      {range && view.lowTime && <p className="text-sm text-slate-700">{t.amountLocked}</p>}
      <TransferDetails
        view={view}
        lang={lang}
        heading={t.sendTo}
        hint={view.pageKind === "eiban-transfer" ? t.eibanNote : t.referenceHint}
      />
      <div className="flex flex-col gap-3">
        <form action={markSent}>
          <input type="hidden" name="token" value={view.token} />
          <input type="hidden" name="lang" value={lang} />
          <input type="hidden" name="decision" value="sent" />
          <button
            type="submit"
            disabled={sending}
            aria-busy={sending}
            className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600`}
          >
            {sending ? t.sending : t.sent}
          </button>
          {sentState.error && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {sentState.error}
            </p>
          )}
        </form>
        <CancelPayment token={view.token} lang={lang} disabled={sending} label={t.cancel} confirm={t.cancelConfirm} />
      </div>
    </div>
  );
}
