"use client";

import { useActionState } from "react";
import { changeAmountAction, decisionAction } from "@/app/pay/[token]/actions";
import { formatIban } from "@/lib/base/iban/iban";
import { PAY_MESSAGES, type Lang } from "@/lib/edge/i18n/pay-messages";
import { formatAmount, formatMoney } from "@/lib/base/money/format-money";
import type { PaymentView } from "@/lib/edge/pay/load-payment";
import { Countdown } from "./countdown";
import { DetailRow } from "./detail-row";

const BUTTON = "min-h-12 w-full rounded-lg px-4 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60";

function Alert({ text }: { text?: string }) {
  return text ? (
    <p role="alert" className="mt-2 text-sm text-red-700">
      {text}
    </p>
  ) : null;
}

/** What the customer needs to pay a manual or E-IBAN deposit, and the two ways to finish. */
export function DepositInstructions({ view, lang, onExpire }: { view: PaymentView; lang: Lang; onExpire: () => void }) {
  const t = PAY_MESSAGES[lang];
  const [amountState, changeAmount, changing] = useActionState(changeAmountAction, {});
  const [sentState, markSent, sending] = useActionState(decisionAction, {});
  const [cancelState, cancel, cancelling] = useActionState(decisionAction, {});
  const busy = changing || sending || cancelling;
  const copy = { label: t.copy, copied: t.copied };
  const hidden = (
    <>
      <input type="hidden" name="token" value={view.token} />
      <input type="hidden" name="lang" value={lang} />
    </>
  );
  return (
    <div className="flex flex-col gap-4">
      {view.expiresAt && <Countdown until={view.expiresAt} label={t.timeLeft} onExpire={onExpire} />}
      {view.range && (
        <form action={changeAmount} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          {hidden}
          <label htmlFor="amount" className="text-sm font-medium text-slate-700">
            {t.changeAmount}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="amount"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={formatAmount(view.amount, lang)}
              key={view.amount}
              aria-describedby="amount-range"
              className="min-h-12 w-full min-w-0 rounded-lg border border-slate-300 px-3 text-lg tabular-nums focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            />
            <button type="submit" disabled={busy} className="min-h-12 shrink-0 rounded-lg bg-slate-900 px-4 text-sm font-semibold text-white disabled:opacity-60">
              {changing ? t.updating : t.updateAmount}
            </button>
          </div>
          <p id="amount-range" className="mt-1 text-xs text-slate-600">
            {t.allowedRange(formatMoney(view.range.min, lang), formatMoney(view.range.max, lang))}
          </p>
          <Alert text={amountState.error} />
        </form>
      )}
      {view.account && (
        <section aria-labelledby="send-to" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <h2 id="send-to" className="mb-2 text-sm font-semibold text-slate-700">
            {t.sendTo}
          </h2>
          <dl>
            <DetailRow label={t.bank} value={view.account.bankName} />
            <DetailRow label={t.holder} value={view.account.holder} copy={copy} />
            <DetailRow label={t.iban} value={view.account.iban} display={formatIban(view.account.iban)} copy={copy} />
            <DetailRow label={t.amount} value={formatAmount(view.amount, lang)} display={formatMoney(view.amount, lang)} copy={copy} />
            <DetailRow label={t.reference} value={view.trackingCode} copy={copy} />
          </dl>
          <p className="mt-2 text-xs text-slate-600">{view.method === "EIBAN" ? t.eibanNote : t.referenceHint}</p>
        </section>
      )}
      <div className="flex flex-col gap-3">
        <form action={markSent}>
          {hidden}
          <input type="hidden" name="decision" value="sent" />
          <button type="submit" disabled={busy} aria-busy={sending} className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600`}>
            {sending ? t.sending : t.sent}
          </button>
          <Alert text={sentState.error} />
        </form>
        <form
          action={cancel}
          onSubmit={(e) => {
            if (!window.confirm(t.cancelConfirm)) e.preventDefault();
          }}
        >
          {hidden}
          <input type="hidden" name="decision" value="cancel" />
          <button type="submit" disabled={busy} aria-busy={cancelling} className={`${BUTTON} bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50`}>
            {cancelling ? t.cancelling : t.cancel}
          </button>
          <Alert text={cancelState.error} />
        </form>
      </div>
    </div>
  );
}
