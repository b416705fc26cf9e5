import { formatIban } from "@/lib/base/iban/iban";
import { formatAmount, formatMoney } from "@/lib/base/money/format-money";
import { PAY_MESSAGES, type Lang } from "@/lib/edge/i18n/pay/messages";
import type { PaymentView } from "@/lib/edge/pay/load-payment";
import { DetailRow } from "./detail-row";

/**
 * Where to send a manual or E-IBAN deposit, each value with its copy button. Shown while the deposit is
 * open and still after "I have sent the money": a customer who taps first and opens the bank app second
 * must still find the IBAN, the amount and the code to copy.
 */
export function TransferDetails({
  view,
  lang,
  heading,
  hint,
}: {
  view: PaymentView;
  lang: Lang;
  heading: string;
  hint: string;
}) {
  const t = PAY_MESSAGES[lang];
  if (!view.account) return null;
  const copy = { label: t.copy, copied: t.copied };
  return (
    <section aria-labelledby="send-to" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="send-to" className="mb-2 text-sm font-semibold text-slate-700">
        {heading}
      </h2>
      <dl>
        <DetailRow label={t.bank} value={view.account.bankName} />
        <DetailRow label={t.holder} value={view.account.holder} copy={copy} />
        <DetailRow label={t.iban} value={view.account.iban} display={formatIban(view.account.iban)} copy={copy} />
        <DetailRow
          label={t.amount}
          value={formatAmount(view.amount, lang)}
          display={formatMoney(view.amount, lang)}
          copy={copy}
        />
        <DetailRow label={t.reference} value={view.trackingCode} copy={copy} />
      </dl>
      <p className="mt-2 text-xs text-slate-600">{hint}</p>
    </section>
  );
}
