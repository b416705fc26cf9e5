import Link from "next/link";
import { GatewayForm } from "@/app/pay/[token]/_components/gateway-form";
import type { ScreenProps } from "@/app/pay/[token]/_components/screen-props";
import { PAY_MESSAGES, type Lang } from "@/lib/edge/i18n/pay/messages";
import type { PaymentView } from "@/lib/edge/pay/load-payment";
import { shapeOf, THIRD_PARTY_KINDS, type ThirdPartyKind } from "@/lib/domain/payment-methods";
import { kindOfMethod } from "@/lib/domain/payment-methods/third-party-kinds";
import { formatMoney } from "@/lib/base/money/format-money";
import { cancelWords, wordsOf } from "@/lib/edge/i18n/pay/words-of";
import { DeadlineCountdown } from "@/components/pay/deadline-countdown";

const CHOSEN_KIND = "bg-brand-50 text-brand-700 ring-2 ring-brand-500";
const OTHER_KIND = "bg-white text-slate-800 ring-slate-300";

type Gateway = PaymentView["gateways"][number];

const OPTION =
  "flex min-h-12 cursor-pointer items-center gap-2 rounded-lg bg-white px-4 py-2 ring-1 ring-slate-300 " +
  "has-checked:ring-2 has-checked:ring-brand-500 has-disabled:cursor-not-allowed has-disabled:bg-slate-50";

/** The gateway's words for the customer: its description in the page's language (never another), and its limits. */
function About({ gateway, lang }: { gateway: Gateway; lang: Lang }) {
  const t = PAY_MESSAGES[lang];
  const description = gateway.description[lang];
  return (
    <span className="flex flex-col text-xs text-slate-600">
      {description && <span>{description}</span>}
      <span>
        {t.gatewayLimits(formatMoney(gateway.min, lang), formatMoney(gateway.max, lang))}
        {!gateway.takesAmount && ` · ${t.gatewayNotForAmount}`}
      </span>
    </span>
  );
}

/**
 * The customer chooses how to pay (bank, crypto, wallet) and one of the site's gateways. Every choice is
 * real HTML: the kinds are links (the page's address names the kind), a gateway, or a gateway's coin, is one
 * radio button, so the form posts the right choice with or without scripts. A gateway whose limits exclude
 * the amount is shown, with its limits, but cannot be chosen.
 */
export function GatewayChooser({ view, lang, kind: chosenKind }: ScreenProps) {
  const t = PAY_MESSAGES[lang];
  const kind: ThirdPartyKind =
    chosenKind && (THIRD_PARTY_KINDS as readonly string[]).includes(chosenKind)
      ? (chosenKind as ThirdPartyKind)
      : (kindOfMethod(view.method) ?? "bank");
  const options = view.gateways.filter((g) => g.kind === kind);
  const first = options.find((g) => g.takesAmount);
  return (
    <div className="flex flex-col gap-4">
      <DeadlineCountdown view={view} lang={lang} label={t.timeLeft} />
      <nav aria-labelledby="choose-how" className="flex flex-col gap-2">
        <h2 id="choose-how" className="text-sm font-semibold text-slate-700">
          {t.chooseHow}
        </h2>
        <ul className="grid grid-cols-3 gap-2">
          {THIRD_PARTY_KINDS.map((k) => (
            <li key={k}>
              <Link
                href={`?lang=${lang}&kind=${k}`}
                prefetch={false}
                scroll={false}
                aria-current={k === kind ? "page" : undefined}
                className={
                  `flex min-h-12 items-center justify-center rounded-lg px-2 text-center text-sm ` +
                  `font-medium ring-1 ${k === kind ? CHOSEN_KIND : OTHER_KIND}`
                }
              >
                {t.kinds[k]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <GatewayForm
        token={view.token}
        lang={lang}
        kind={kind}
        canContinue={Boolean(first)}
        words={wordsOf(t, "continue", "preparing")}
        cancel={cancelWords(t, t.cancelPayment, t.cancelChoiceConfirm(view.siteName))}
      >
        {options.length === 0 ? (
          <p className="rounded-lg bg-slate-100 p-4 text-sm text-slate-700">{t.noGateway}</p>
        ) : shapeOf(kind) === "crypto" ? (
          options.map((g) => (
            <fieldset key={g.id} className="flex flex-col gap-2" disabled={!g.takesAmount}>
              <legend className="mb-1 flex flex-col">
                <span className="text-sm font-semibold text-slate-800">{g.name}</span>
                <About gateway={g} lang={lang} />
              </legend>
              <div className="grid grid-cols-2 gap-2">
                {g.cryptoTypes.map((coin, i) => (
                  <label key={coin} className={OPTION}>
                    <input
                      type="radio"
                      name="gateway"
                      value={`${g.id}:${coin}`}
                      defaultChecked={g.id === first?.id && i === 0}
                    />
                    <span className="font-medium">{coin}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))
        ) : (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-semibold text-slate-700">{t.chooseGateway}</legend>
            {options.map((g) => (
              <label key={g.id} className={OPTION}>
                <input
                  type="radio"
                  name="gateway"
                  value={g.id}
                  defaultChecked={g.id === first?.id}
                  disabled={!g.takesAmount}
                />
                <span className="flex flex-col">
                  <span className="font-medium">{g.name}</span>
                  <About gateway={g} lang={lang} />
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </GatewayForm>
    </div>
  );
}
