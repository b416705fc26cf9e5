import type { Metadata } from "next";
import { headers } from "next/headers";
import { formatMoney } from "@/lib/base/money/format-money";
import { pickLang } from "@/lib/edge/i18n/lang";
import { SANDBOX_ACQUIRER_MESSAGES } from "@/lib/edge/i18n/sandbox-acquirer/messages";
import { loadSandboxSession } from "@/lib/integrations/sandbox/acquirer/load-sandbox-session";
import { CardForm } from "@/app/sandbox/acquirer/pay/[session]/_components/acquirer-forms";
import { TEST_CARDS } from "@/lib/integrations/sandbox/acquirer/test-cards";

export const metadata: Metadata = { title: "Sandbox acquirer · card payment" };

/** The sandbox acquirer's card page, in the customer's language (?lang= from the payment page, or the browser's). */
export default async function SandboxCardPage({
  params,
  searchParams,
}: {
  params: Promise<{ session: string }>;
  searchParams: Promise<{ lang?: string }>;
}) {
  const [session, { lang: query }, requestHeaders] = await Promise.all([
    loadSandboxSession(params),
    searchParams,
    headers(),
  ]);
  const lang = pickLang(query, requestHeaders.get("accept-language"));
  const t = SANDBOX_ACQUIRER_MESSAGES[lang];
  // The sandbox acquirer takes lira only; other currencies are shown with their own code.
  const amount =
    session.currency === "TRY" ? formatMoney(session.amount, lang) : `${session.amount.toFixed(2)} ${session.currency}`;
  return (
    <main lang={lang} className="mx-auto flex min-h-screen max-w-md flex-col gap-4 bg-white p-4">
      <p className="text-xs font-medium tracking-wide text-amber-800 uppercase">{t.banner}</p>
      <header>
        <p className="text-sm text-slate-600">{session.merchant}</p>
        <h1 className="text-2xl font-semibold">{t.pay(amount)}</h1>
        {session.description && <p className="text-sm text-slate-600">{session.description}</p>}
      </header>
      {session.status === "open" ? (
        <CardForm session={session.id} lang={lang} />
      ) : (
        <p role="status" className="rounded-lg bg-slate-100 p-4">
          {t.state(session.status)}
        </p>
      )}
      <details className="text-sm text-slate-600">
        <summary className="cursor-pointer">{t.testCards}</summary>
        <ul className="mt-2 flex flex-col gap-1 font-mono text-xs">
          {Object.entries(TEST_CARDS).map(([number, card]) => (
            <li key={number}>
              {number.replace(/(.{4})/g, "$1 ")} · {t.cardLabel(card.label)}
            </li>
          ))}
        </ul>
      </details>
    </main>
  );
}
