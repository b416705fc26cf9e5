import type { Metadata } from "next";
import { headers } from "next/headers";
import { formatMoney } from "@/lib/base/money/format-money";
import { pickLang } from "@/lib/edge/i18n/lang";
import { SANDBOX_ACQUIRER_MESSAGES } from "@/lib/edge/i18n/sandbox-acquirer/messages";
import { loadSandboxSession } from "@/lib/integrations/sandbox/acquirer/load-sandbox-session";
import { ChallengeForm } from "@/app/sandbox/acquirer/pay/[session]/_components/acquirer-forms";

export const metadata: Metadata = { title: "Sandbox acquirer · 3-D Secure" };

export default async function SandboxChallengePage({
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
  const amount =
    session.currency === "TRY" ? formatMoney(session.amount, lang) : `${session.amount.toFixed(2)} ${session.currency}`;
  return (
    <main lang={lang} className="mx-auto flex min-h-screen max-w-md flex-col gap-4 bg-white p-4">
      <p className="text-xs font-medium tracking-wide text-amber-800 uppercase">{t.issuerBanner}</p>
      <h1 className="text-2xl font-semibold">{t.confirmTitle}</h1>
      <p className="text-sm text-slate-600">
        {session.merchant} · {amount} · {session.cardBrand} •••• {session.cardLast4}
      </p>
      {session.status === "challenge" ? (
        <ChallengeForm session={session.id} lang={lang} />
      ) : (
        <p role="status">{t.state(session.status)}</p>
      )}
      <p className="text-xs text-slate-600">{t.sandboxCode}</p>
    </main>
  );
}
