"use client";

import { useActionState } from "react";
import { cardCheckoutAction } from "@/app/pay/[token]/actions";
import { PAY_MESSAGES, type Lang } from "@/lib/edge/i18n/pay/messages";
import type { PaymentView } from "@/lib/edge/pay/load-payment";
import { Countdown } from "@/components/pay/countdown";
import { StatusCard } from "@/components/pay/status-card";

/** A pending card payment: off to the acquirer's secure page, or waiting for its answer after returning. */
export function CardCheckout({ view, lang, onExpire }: { view: PaymentView; lang: Lang; onExpire: () => void }) {
  const t = PAY_MESSAGES[lang];
  const [state, start, pending] = useActionState(cardCheckoutAction, {});
  return (
    <div className="flex flex-col gap-4">
      {view.expiresAt && <Countdown until={view.expiresAt} label={t.timeLeft} onExpire={onExpire} />}
      {view.checkoutStarted && <StatusCard tone="warning" title={t.waitingBankTitle} body={t.waitingBankBody} />}
      <form action={start} className="flex flex-col gap-3">
        <input type="hidden" name="token" value={view.token} />
        <input type="hidden" name="lang" value={lang} />
        <p className="text-sm text-slate-600">{t.cardNote}</p>
        <button type="submit" disabled={pending} className="min-h-12 w-full rounded-lg bg-brand-600 px-4 text-base font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          {pending ? t.openingBank : t.payByCard}
        </button>
        {state.error && (
          <p role="alert" className="text-sm text-red-700">
            {state.error}
          </p>
        )}
      </form>
    </div>
  );
}
