import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { FinalOutcome, isFinalStatus } from "@/components/pay/final-outcome";
import { PayHeader } from "@/components/pay/pay-header";
import { PaymentScreen } from "@/app/pay/[token]/_components/payment-screen";
import { PAY_MESSAGES } from "@/lib/edge/i18n/pay/messages";
import { pickLang } from "@/lib/edge/i18n/lang";
import { formatMoney } from "@/lib/base/money/format-money";
import { effectiveStatus, loadPayment } from "@/lib/edge/pay/load-payment";

export const metadata: Metadata = { title: "Payment", robots: { index: false } };

export default async function PayPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ lang?: string }> }) {
  const [{ token }, { lang }, requestHeaders] = await Promise.all([params, searchParams, headers()]);
  const view = await loadPayment(token);
  if (!view) notFound();
  const language = pickLang(lang, requestHeaders.get("accept-language"));
  const status = effectiveStatus(view);
  // One amount everywhere: what was credited once it is settled, what is asked for until then.
  const settled = status === "completed" || status === "success";
  const amount = formatMoney(settled ? (view.finalAmount ?? view.amount) : view.amount, language);
  return (
    <div lang={language}>
      <main className="mx-auto flex min-h-screen w-full max-w-md flex-col gap-4 px-4 py-6">
        <PayHeader siteName={view.siteName} isCard={view.pageKind === "card-checkout"} amount={amount} lang={language} />
        {isFinalStatus(status) ? <FinalOutcome view={view} status={status} lang={language} /> : <PaymentScreen view={view} status={status} lang={language} />}
        {/* Who is being paid, said once more at the foot of the page, for a customer unsure where they landed. */}
        <footer className="mt-auto flex flex-col items-center gap-1 text-center text-xs text-slate-600">
          <p data-testid="trust-note">{PAY_MESSAGES[language].securedFor(view.siteName)}</p>
          {!isFinalStatus(status) && <p className="font-mono">{view.trackingCode}</p>}
        </footer>
      </main>
    </div>
  );
}
