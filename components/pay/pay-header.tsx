import Link from "next/link";
import type { Lang } from "@/lib/edge/i18n/pay/messages";
import { PAY_MESSAGES } from "@/lib/edge/i18n/pay/messages";

/** The site, what is being paid and its one amount, and the language switch (plain links: no script needed). */
export function PayHeader({ siteName, isCard, amount, lang }: { siteName: string; isCard: boolean; amount: string; lang: Lang }) {
  const t = PAY_MESSAGES[lang];
  return (
    <header className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{siteName}</p>
        <h1 className="text-2xl font-semibold">
          {isCard ? t.cardPayment : t.deposit} · <span className="whitespace-nowrap tabular-nums" data-testid="pay-amount">{amount}</span>
        </h1>
      </div>
      <nav aria-label={t.language} className="flex gap-3 text-sm">
        {(["tr", "en"] as const).map((code) => (
          <Link
            key={code}
            href={`?lang=${code}`}
            prefetch={false}
            aria-current={code === lang ? "true" : undefined}
            className={`inline-flex min-h-11 min-w-11 items-center justify-center ${code === lang ? "font-semibold text-slate-900" : "text-slate-600 underline"}`}
          >
            {code.toUpperCase()}
          </Link>
        ))}
      </nav>
    </header>
  );
}
