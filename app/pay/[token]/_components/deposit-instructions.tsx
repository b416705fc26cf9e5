import { DepositActions } from "@/app/pay/[token]/_components/deposit-actions";
import type { ScreenProps } from "@/app/pay/[token]/_components/screen-props";
import { formatAmount, formatMoney } from "@/lib/base/money/format-money";
import { PAY_MESSAGES } from "@/lib/edge/i18n/pay/messages";
import { cancelWords, wordsOf } from "@/lib/edge/i18n/pay/words-of";
import { DeadlineCountdown } from "@/components/pay/deadline-countdown";
import { TransferDetails } from "@/components/pay/transfer-details";

/**
 * What the customer needs to pay a manual or E-IBAN deposit, and the two ways to finish. The amount can be
 * changed only while there is time to send it: with little time left the form is withdrawn (the server
 * re-renders the page when the countdown crosses the line).
 */
export function DepositInstructions({ view, lang }: ScreenProps) {
  const t = PAY_MESSAGES[lang];
  const range = view.range;
  return (
    <div className="flex flex-col gap-4">
      <DeadlineCountdown view={view} lang={lang} label={t.timeLeft} />
      <DepositActions
        token={view.token}
        lang={lang}
        amount={
          range && !view.lowTime
            ? {
                ...wordsOf(t, "changeAmount", "updateAmount", "updating", "amountCheckHint"),
                value: formatAmount(view.amount, lang),
                range: t.allowedRange(formatMoney(range.min, lang), formatMoney(range.max, lang)),
              }
            : null
        }
        instead={range && view.lowTime && <p className="text-sm text-slate-700">{t.amountLocked}</p>}
        details={
          <TransferDetails
            view={view}
            lang={lang}
            heading={t.sendTo}
            hint={view.pageKind === "eiban-transfer" ? t.eibanNote : t.referenceHint}
          />
        }
        words={wordsOf(t, "sent", "sending")}
        cancel={cancelWords(t, t.cancel, t.cancelConfirm)}
      />
    </div>
  );
}
