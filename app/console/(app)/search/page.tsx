import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { TransactionStatusBadge } from "@/components/console/transaction-status-badge";
import { requireConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleTime } from "@/lib/edge/console/format";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import { formatMoney } from "@/lib/base/money/format-money";
import { formatIban } from "@/lib/base/iban/iban";
import { targetHref } from "@/lib/domain/search/find-by-identifier";
import { searchConsole } from "@/lib/domain/search/search-console";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await consoleMessages()).search.heading };
}

const LINK = "text-brand-700 underline-offset-2 hover:underline";

/**
 * Where the header's search box leads. An identifier that names one payment (a tracking code, an order id of
 * any attempt, a gateway's or bank's reference, a refund's) opens it at once; anything else lists what matches,
 * by kind, within the operator's tenancy. `open=0` shows the list even for an exact identifier.
 */
export default async function SearchPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [user, t, params] = await Promise.all([requireConsoleUser(), consoleMessages(), searchParams]);
  const w = t.search;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
  const q = first(params.q).trim().slice(0, 200);
  if (q.length < 2)
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">{w.heading}</h1>
        <p className="text-slate-700">{w.tooShort}</p>
      </div>
    );
  const found = await searchConsole(user, q);
  const opens = found.exact ? targetHref(found.exact) : null;
  if (opens && first(params.open) !== "0") redirect(opens);
  const { transactions: txs, dealers, providers, sites, exact } = found;
  const none = txs.total === 0 && !exact && dealers.length + providers.length + sites.length === 0;
  const explorer = `/console/transactions?${new URLSearchParams({ q })}`;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold wrap-anywhere">{w.resultsFor(q)}</h1>
      {none && <p className="text-slate-700">{w.nothing(q)}</p>}
      {exact?.kind === "transfer" && (
        <Section title={w.transfer}>
          <li className="font-mono text-sm" data-testid="search-transfer">
            {w.transferOf(exact.transferId)}
          </li>
        </Section>
      )}
      {exact?.kind === "wallet" && (
        <Section title={w.wallet}>
          <li data-testid="search-wallet">
            <Link href="/console/eiban-wallets" className={LINK}>
              {w.walletOf(exact.walletId, formatIban(exact.iban))}
            </Link>
          </li>
        </Section>
      )}
      {txs.total > 0 && (
        <Section title={w.transactions}>
          {txs.rows.map((tx) => (
            <li
              key={tx.id}
              data-testid="search-transaction"
              className={
                "flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-t border-slate-100 py-2 " +
                "first:border-t-0"
              }
            >
              <span className="flex min-w-0 flex-col">
                <Link href={`/console/transactions/${tx.id}`} className={`font-mono text-sm wrap-anywhere ${LINK}`}>
                  {tx.trackingCode}
                </Link>
                <span className="text-sm wrap-break-word text-slate-700">
                  {tx.fullname || tx.username} · {tx.site?.name ?? tx.dealer.name}
                </span>
              </span>
              <span className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <TransactionStatusBadge status={tx.status} direction={tx.direction} canceledBy={tx.canceledBy} />
                <span className="font-medium whitespace-nowrap tabular-nums">{formatMoney(tx.amount, t.lang)}</span>
                <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums">
                  {consoleTime(tx.createdAt, t.lang)}
                </span>
              </span>
            </li>
          ))}
          {txs.total > txs.rows.length && (
            <li className="border-t border-slate-100 pt-2">
              <Link href={explorer} className={LINK}>
                {w.allTransactions(txs.capped ? `${txs.total}+` : String(txs.total))}
              </Link>
            </li>
          )}
        </Section>
      )}
      {dealers.length > 0 && (
        <Section title={w.dealers}>
          {dealers.map((d) => (
            <li key={d.id} data-testid="search-dealer">
              <Link href={`/console/dealers/${d.id}`} className={LINK}>
                {d.name}
              </Link>
            </li>
          ))}
        </Section>
      )}
      {providers.length > 0 && (
        <Section title={w.providers}>
          {providers.map((p) => (
            <li key={p.id} data-testid="search-provider">
              <Link href={`/console/providers/${p.id}`} className={LINK}>
                {p.name}
              </Link>
            </li>
          ))}
        </Section>
      )}
      {sites.length > 0 && (
        <Section title={w.sites}>
          {sites.map((s) => (
            <li key={s.id} data-testid="search-site" className="flex flex-col">
              <span className="font-medium wrap-break-word">{s.name}</span>
              <span className="text-sm text-slate-600">
                {w.siteOf(s.dealerName, s.providerName)} ·{" "}
                <Link href={`/console/transactions?${new URLSearchParams({ siteId: String(s.id) })}`} className={LINK}>
                  {w.siteTransactions}
                </Link>
              </span>
            </li>
          ))}
        </Section>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 className="mb-2 font-medium">{title}</h2>
      <ul className="flex flex-col gap-1">{children}</ul>
    </section>
  );
}
