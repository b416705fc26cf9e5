"use client";

import { useActionState } from "react";
import { cardCheckoutAction } from "@/app/pay/[token]/actions";
import { CancelPayment } from "@/app/pay/[token]/_components/cancel-payment";
import type { ScreenProps } from "@/app/pay/[token]/_components/screen-props";
import { PAY_MESSAGES } from "@/lib/edge/i18n/pay/messages";
import { CardBrands } from "@/components/pay/card-brands";
import { Countdown } from "@/components/pay/countdown";
import { StatusCard } from "@/components/pay/status-card";

/**
 * A pending card payment: off to the acquirer's secure page, waiting for its answer after returning, or,
 * after a decline, "Try another card" (a new attempt, same payment and tracking code) until the time or the
 * tries run out. What is paid for, the cards taken and the name on the card statement are said before the
 * customer leaves for the bank.
 */
export function CardCheckout({ view, lang, onExpire, onLow }: ScreenProps) {
  const t = PAY_MESSAGES[lang];
  const [state, start, pending] = useActionState(cardCheckoutAction, {});
  const declined = view.declinedAttempt;
  const reason = (declined?.errorCode && t.final.failedReasons[declined.errorCode]) || t.final.failedOther;
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
      {view.description && (
        <section aria-labelledby="payment-for" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <h2 id="payment-for" className="text-xs text-slate-600">
            {t.paymentFor}
          </h2>
          <p className="mt-1 font-medium break-words text-slate-900">{view.description}</p>
        </section>
      )}
      {declined ? (
        <StatusCard
          tone="error"
          title={t.cardDeclinedTitle}
          body={(
            `${t.cardDeclinedBody(reason)} ` + `${view.deadline ? t.tryAgainUntil(view.deadline, declined.left) : ""}`
          ).trim()}
        />
      ) : (
        view.checkoutStarted && <StatusCard tone="warning" title={t.waitingBankTitle} body={t.waitingBankBody} />
      )}
      <form action={start} className="flex flex-col gap-3">
        <input type="hidden" name="token" value={view.token} />
        <input type="hidden" name="lang" value={lang} />
        <p className="text-sm text-slate-700">{t.cardNote}</p>
        <button
          type="submit"
          disabled={pending}
          className={
            "min-h-12 w-full rounded-lg bg-brand-600 px-4 text-base font-semibold text-white " +
            "hover:bg-brand-700 disabled:opacity-60"
          }
        >
          {pending ? t.openingBank : declined ? t.tryAnotherCard : t.payByCard}
        </button>
        {state.error && (
          <p role="alert" className="text-sm text-red-700">
            {state.error}
          </p>
        )}
      </form>
      <CardBrands label={t.acceptedCards} />
      <p className="text-sm text-slate-700" data-testid="statement-name">
        {t.statementName(view.dealerName)}
      </p>
      <CancelPayment
        token={view.token}
        lang={lang}
        disabled={pending}
        label={t.cancelPayment}
        confirm={t.cancelCardConfirm(view.siteName)}
      />
    </div>
  );
}
