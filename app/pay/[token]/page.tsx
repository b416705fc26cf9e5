import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { FinalOutcome, isFinalStatus } from "@/components/pay/final-outcome";
import { NoScriptRefresh } from "@/components/pay/no-script-refresh";
import { PayHeader } from "@/components/pay/pay-header";
import { PaymentScreen } from "@/app/pay/[token]/_components/payment-screen";
import { settings } from "@/lib/base/config/settings";
import { PAY_MESSAGES } from "@/lib/edge/i18n/pay/messages";
import { pickLang } from "@/lib/edge/i18n/lang";
import { formatMoney } from "@/lib/base/money/format-money";
import { effectiveStatus, loadPayment, type PaymentView } from "@/lib/edge/pay/load-payment";

type Props = { params: Promise<{ token: string }>; searchParams: Promise<{ lang?: string; kind?: string }> };

async function languageOf(searchParams: Props["searchParams"]) {
  const [{ lang }, requestHeaders] = await Promise.all([searchParams, headers()]);
  return pickLang(lang, requestHeaders.get("accept-language"));
}

/** The tab's title in the page's language, naming the site (not the service's English name). */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ token }, language] = await Promise.all([params, languageOf(searchParams)]);
  const view = await loadPayment(token);
  const t = PAY_MESSAGES[language];
  return { title: { absolute: view ? t.pageTitle(view.siteName) : t.notFound.title }, robots: { index: false } };
}

/** Whether the page waits for someone else to decide (and so says it updates itself). */
function waitsForOthers(view: PaymentView, status: string): boolean {
  if (status !== "pending") return false;
  return view.pageKind !== "card-checkout" || (view.checkoutStarted && !view.declinedAttempt);
}

export default async function PayPage({ params, searchParams }: Props) {
  const [{ token }, { kind }, language] = await Promise.all([params, searchParams, languageOf(searchParams)]);
  const view = await loadPayment(token);
  if (!view) notFound();
  const t = PAY_MESSAGES[language];
  const status = effectiveStatus(view);
  // One amount everywhere: what was credited once it is settled, what is asked for until then.
  const settled = status === "completed" || status === "success";
  const amount = formatMoney(settled ? (view.finalAmount ?? view.amount) : view.amount, language);
  const final = isFinalStatus(status);
  const keep = kind ? { kind } : undefined;
  // A gateway's bank or wallet details carry its own reference to write: the page shows that one code only.
  const gatewayCode = !final && view.instructions !== null && view.instructions.kind !== "crypto";
  return (
    <div lang={language}>
      <main className="mx-auto flex min-h-screen w-full max-w-md flex-col gap-4 px-4 py-6">
        <PayHeader
          site={{ name: view.siteName, logoUrl: view.logoUrl }}
          isCard={view.pageKind === "card-checkout"}
          amount={amount}
          lang={language}
          keep={keep}
        />
        {final ? (
          <FinalOutcome view={view} status={status} lang={language} />
        ) : (
          <PaymentScreen view={view} status={status} lang={language} kind={kind ?? null} />
        )}
        {!final && waitsForOthers(view, status) && (
          <NoScriptRefresh
            href={`?${new URLSearchParams({ ...keep, lang: language })}`}
            checkAgain={t.checkAgain}
            note={t.refreshes}
          />
        )}
        {/* Who is being paid, said once more at the foot of the page, for a customer unsure where they landed. */}
        <footer className="mt-auto flex flex-col items-center gap-1 text-center text-xs text-slate-600">
          <p data-testid="trust-note">
            {t.payingFor(view.siteName)}
            {view.legalName && ` ${t.operatedBy(view.legalName)}`}
            {/* Said only where it is true: a page served over plain http (development) does not claim it. */}
            {settings.publicBaseUrl.startsWith("https://") && ` ${t.secureConnection}`}
          </p>
          {!final && !gatewayCode && <p className="font-mono">{view.trackingCode}</p>}
        </footer>
      </main>
    </div>
  );
}
