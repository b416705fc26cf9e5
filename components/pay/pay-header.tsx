import Link from "next/link";
import type { Lang } from "@/lib/edge/i18n/pay/messages";
import { PAY_MESSAGES } from "@/lib/edge/i18n/pay/messages";

type Site = { name: string; logoUrl: string | null };

/**
 * The site (its logo where it has one), what is being paid and its one amount, and the language switch
 * (plain links, keeping the rest of the page's address: no script needed).
 */
export function PayHeader({
  site,
  isCard,
  amount,
  lang,
  keep = {},
}: {
  site: Site;
  isCard: boolean;
  amount: string;
  lang: Lang;
  keep?: Record<string, string>;
}) {
  const t = PAY_MESSAGES[lang];
  return (
    <header className="flex items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex items-center gap-2 text-sm text-slate-600">
          {site.logoUrl && (
            // A remote image the site chose (its origin is allowed by this page's CSP): next/image would proxy it
            // through us.
            // eslint-disable-next-line @next/next/no-img-element
            <img
              src={site.logoUrl}
              alt={t.logoOf(site.name)}
              className="h-8 max-w-32 object-contain"
              referrerPolicy="no-referrer"
            />
          )}
          <span>{site.name}</span>
        </p>
        <h1 className="text-2xl font-semibold">
          {isCard ? t.cardPayment : t.deposit} ·{" "}
          <span className="whitespace-nowrap tabular-nums" data-testid="pay-amount">
            {amount}
          </span>
        </h1>
      </div>
      <nav aria-label={t.language} className="flex gap-3 text-sm">
        {(["tr", "en"] as const).map((code) => (
          <Link
            key={code}
            href={`?${new URLSearchParams({ ...keep, lang: code }).toString()}`}
            prefetch={false}
            aria-current={code === lang ? "true" : undefined}
            className={
              `inline-flex min-h-11 min-w-11 items-center justify-center ` +
              `${code === lang ? "font-semibold text-slate-900" : "text-slate-600 underline"}`
            }
          >
            {code.toUpperCase()}
          </Link>
        ))}
      </nav>
    </header>
  );
}
