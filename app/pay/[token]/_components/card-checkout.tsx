import { CardActions } from "@/app/pay/[token]/_components/card-actions";
import type { ScreenProps } from "@/app/pay/[token]/_components/screen-props";
import { PAY_MESSAGES } from "@/lib/edge/i18n/pay/messages";
import { cancelWords } from "@/lib/edge/i18n/pay/words-of";
import { CardBrands } from "@/components/pay/card-brands";
import { DeadlineCountdown } from "@/components/pay/deadline-countdown";
import { StatusCard } from "@/components/pay/status-card";

/**
 * A pending card payment: off to the acquirer's secure page, waiting for its answer after returning, or,
 * after a decline, "Try another card" (a new attempt, same payment and tracking code) until the time or the
 * tries run out. What is paid for, the cards taken and the name on the card statement are said before the
 * customer leaves for the bank.
 */
export function CardCheckout({ view, lang }: ScreenProps) {
  const t = PAY_MESSAGES[lang];
  const declined = view.declinedAttempt;
  const reason = (declined?.errorCode && t.final.failedReasons[declined.errorCode]) || t.final.failedOther;
  return (
    <div className="flex flex-col gap-4">
      <DeadlineCountdown view={view} lang={lang} label={t.timeLeft} />
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
      <CardActions
        token={view.token}
        lang={lang}
        note={t.cardNote}
        start={declined ? t.tryAnotherCard : t.payByCard}
        opening={t.openingBank}
        between={
          <>
            <CardBrands label={t.acceptedCards} />
            <p className="text-sm text-slate-700" data-testid="statement-name">
              {t.statementName(view.dealerName)}
            </p>
          </>
        }
        cancel={cancelWords(t, t.cancelPayment, t.cancelCardConfirm(view.siteName))}
      />
    </div>
  );
}
