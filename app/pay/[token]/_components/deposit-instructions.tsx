"use client";

import { useActionState } from "react";
import { decisionAction } from "@/app/pay/[token]/actions";
import { PAY_MESSAGES, type Lang } from "@/lib/edge/i18n/pay/messages";
import type { PaymentView } from "@/lib/edge/pay/load-payment";
import { AmountForm } from "@/app/pay/[token]/_components/amount-form";
import { CancelDeposit } from "@/app/pay/[token]/_components/cancel-deposit";
import { Countdown } from "@/components/pay/countdown";
import { TransferDetails } from "@/components/pay/transfer-details";

const BUTTON = "min-h-12 w-full rounded-lg px-4 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60";

/** What the customer needs to pay a manual or E-IBAN deposit, and the two ways to finish. */
export function DepositInstructions({ view, lang, onExpire }: { view: PaymentView; lang: Lang; onExpire: () => void }) {
  const t = PAY_MESSAGES[lang];
  const [sentState, markSent, sending] = useActionState(decisionAction, {});
  const range = view.range;
  return (
    <div className="flex flex-col gap-4">
      {view.expiresAt && <Countdown until={view.expiresAt} label={t.timeLeft} onExpire={onExpire} />}
      {range && <AmountForm view={{ ...view, range }} lang={lang} disabled={sending} />}
      <TransferDetails view={view} lang={lang} heading={t.sendTo} hint={view.pageKind === "eiban-transfer" ? t.eibanNote : t.referenceHint} />
      <div className="flex flex-col gap-3">
        <form action={markSent}>
          <input type="hidden" name="token" value={view.token} />
          <input type="hidden" name="lang" value={lang} />
          <input type="hidden" name="decision" value="sent" />
          <button type="submit" disabled={sending} aria-busy={sending} className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600`}>
            {sending ? t.sending : t.sent}
          </button>
          {sentState.error && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {sentState.error}
            </p>
          )}
        </form>
        <CancelDeposit token={view.token} lang={lang} disabled={sending} />
      </div>
    </div>
  );
}
