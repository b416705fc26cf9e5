import type { ReactNode } from "react";
import { formatIban } from "@/lib/base/iban/iban";
import { PAY_MESSAGES, type Lang } from "@/lib/edge/i18n/pay/messages";
import { formatAmount, formatDecimal, formatMoney, pricePerUnit } from "@/lib/base/money/format-money";
import type { PaymentView } from "@/lib/edge/pay/load-payment";
import { DeadlineCountdown } from "./deadline-countdown";
import { DetailRow } from "./detail-row";
import { StatusCard } from "./status-card";

type Issued = Exclude<NonNullable<PaymentView["instructions"]>, { kind: "payment_page" }>;
type RowContext = {
  view: PaymentView;
  lang: Lang;
  t: (typeof PAY_MESSAGES)[Lang];
  copy: { label: string; copied: string };
};
/** The rows each kind of issued details shows: a kind without its rows is a type error here. */
type KindRows = { [K in Issued["kind"]]: (i: Extract<Issued, { kind: K }>, c: RowContext) => ReactNode };

const amountRow = ({ view, lang, t, copy }: RowContext) => (
  <DetailRow
    label={t.amount}
    value={formatAmount(view.amount, lang)}
    display={formatMoney(view.amount, lang)}
    copy={copy}
  />
);

const ROWS: KindRows = {
  bank: (i, c) => (
    <>
      <DetailRow label={c.t.holder} value={i.holder} copy={c.copy} />
      <DetailRow label={c.t.iban} value={i.iban} display={formatIban(i.iban)} copy={c.copy} />
      {amountRow(c)}
      <DetailRow label={c.t.reference} value={i.reference} copy={c.copy} />
    </>
  ),
  crypto: (i, { view, lang, t, copy }) => {
    const coin = i.cryptoType.split("-")[0]!;
    const price = pricePerUnit(view.amount, i.coinAmount);
    return (
      <>
        <DetailRow label={t.network} value={`${i.cryptoType} (${i.network})`} />
        {/* Wallet apps take the amount with a decimal point: that is what is copied, whatever the page's format. */}
        <DetailRow
          label={t.coinAmount}
          value={i.coinAmount}
          display={`${formatDecimal(i.coinAmount, lang)} ${coin}`}
          copy={copy}
        />
        {price && (
          <DetailRow
            label={t.rate}
            value={t.ratePerUnit(coin, formatMoney(price, lang))}
            display={[t.ratePerUnit(coin, formatMoney(price, lang)), view.rateEnds?.past && t.rateLapsed]
              .filter(Boolean)
              .join(" · ")}
          />
        )}
        <DetailRow label={t.address} value={i.address} copy={copy} />
      </>
    );
  },
  wallet: (i, c) => (
    <>
      <DetailRow label={c.t.walletNumber} value={i.walletNumber} copy={c.copy} />
      <DetailRow label={c.t.holder} value={i.holder} />
      {amountRow(c)}
      <DetailRow label={c.t.reference} value={i.reference} copy={c.copy} />
    </>
  ),
};

/** The one lookup of the record: TypeScript cannot relate `ROWS[i.kind]` to `i` on its own. */
function rowsOf<K extends Issued["kind"]>(i: Extract<Issued, { kind: K }>, c: RowContext): ReactNode {
  return (ROWS[i.kind] as KindRows[K])(i, c);
}

/**
 * The details a gateway issued for this deposit, with copy buttons (and a QR code for crypto). One code: the
 * reference the gateway matches the transfer by (the page's footer then shows no second one). Crypto shows
 * the coin amount in the page's number format and the rate it was quoted at, with until when it holds (the
 * gateway's quote, or the deposit's own time when the gateway gives none). The time left stays on screen.
 */
export function GatewayInstructions({ view, lang }: { view: PaymentView; lang: Lang }) {
  const t = PAY_MESSAGES[lang];
  const i = view.instructions;
  if (!i) return null;
  const copy = { label: t.copy, copied: t.copied };
  if (i.kind === "payment_page") {
    // The partner's own page (Papara's payment link): a plain link, so it works without scripts and never
    // posts a form of ours anywhere. The customer comes back to this page, which follows the payment.
    return (
      <div className="flex flex-col gap-4">
        <StatusCard tone="warning" title={t.waitingGatewayTitle} body={t.payAtPartner(i.partner)} />
        <DeadlineCountdown view={view} lang={lang} label={t.payWithin} />
        <a
          href={i.url}
          rel="noopener noreferrer"
          className={
            "flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-600 px-4 text-base " +
            "font-semibold text-white hover:bg-brand-700"
          }
        >
          {t.continueToPartner(i.partner)}
        </a>
        <dl className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <DetailRow
            label={t.amount}
            value={formatAmount(view.amount, lang)}
            display={formatMoney(view.amount, lang)}
          />
          <DetailRow label={t.reference} value={i.reference} />
        </dl>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <StatusCard
        tone="warning"
        title={t.waitingGatewayTitle}
        body={i.kind === "wallet" && view.gatewayName ? t.openWalletApp(view.gatewayName) : t.waitingGatewayBody}
      />
      {/* A crypto gateway holding its rate for less time than the payment stays open: the rate's countdown first. */}
      {view.rateEnds && !view.rateEnds.past ? (
        <DeadlineCountdown
          view={view}
          lang={lang}
          label={t.rateHeldFor}
          ends={{ at: view.rateEnds.at, clock: view.rateEnds.clock, lowTime: t.rateLowTime(view.rateEnds.clock) }}
        />
      ) : (
        <DeadlineCountdown view={view} lang={lang} label={t.payWithin} />
      )}
      <section aria-label={t.kinds[i.kind]} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
        {/* Coins sent on another network (or another coin) never arrive: said before the address is copied. */}
        {i.kind === "crypto" && (
          <p role="note" className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            {t.onlyThisNetwork(i.cryptoType.split("-")[0]!, i.network)}
          </p>
        )}
        <dl>{rowsOf(i, { view, lang, t, copy })}</dl>
        {view.qrSvg && (
          <figure className="mt-3 flex flex-col items-center gap-1">
            {/* The SVG is generated on our server from the gateway's address, not from customer input. */}
            <div
              className="h-48 w-48"
              role="img"
              aria-label={t.scanQr}
              dangerouslySetInnerHTML={{ __html: view.qrSvg }}
            />
            <figcaption className="text-xs text-slate-600">{t.scanQr}</figcaption>
          </figure>
        )}
      </section>
    </div>
  );
}
