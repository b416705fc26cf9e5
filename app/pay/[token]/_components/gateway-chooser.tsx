"use client";

import Link from "next/link";
import { startTransition, useActionState } from "react";
import { chooseGatewayAction } from "@/app/pay/[token]/actions";
import { CancelPayment } from "@/app/pay/[token]/_components/cancel-payment";
import type { ScreenProps } from "@/app/pay/[token]/_components/screen-props";
import { PAY_MESSAGES, type Lang } from "@/lib/edge/i18n/pay/messages";
import type { PaymentView } from "@/lib/edge/pay/load-payment";
import { shapeOf, THIRD_PARTY_KINDS, type ThirdPartyKind } from "@/lib/domain/payment-methods";
import { kindOfMethod } from "@/lib/domain/payment-methods/third-party-kinds";
import { formatMoney } from "@/lib/base/money/format-money";
import { Countdown } from "@/components/pay/countdown";

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
export function GatewayChooser({ view, lang, kind: chosenKind, onExpire, onLow }: ScreenProps) {
  const t = PAY_MESSAGES[lang];
  const kind: ThirdPartyKind =
    chosenKind && (THIRD_PARTY_KINDS as readonly string[]).includes(chosenKind)
      ? (chosenKind as ThirdPartyKind)
      : (kindOfMethod(view.method) ?? "bank");
  const options = view.gateways.filter((g) => g.kind === kind);
  const first = options.find((g) => g.takesAmount);
  const [state, choose, pending] = useActionState(chooseGatewayAction, {});
  return (
    <div className="flex flex-col gap-4">
      {view.expiresAt && view.deadline && (
        <Countdown
          until={view.expiresAt}
          clock={view.deadline}
          label={t.timeLeft}
          lang={lang}
          onExpire={onExpire}
          onLow={onLow}
        />
      )}
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
      <form
        action={choose}
        // Submitted by hand, so React does not reset the form after a refusal: the customer's choice stays for
        // "Continue" again. Without scripts the form posts to the same action.
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          startTransition(() => choose(data));
        }}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="token" value={view.token} />
        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="kind" value={kind} />
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
        {state.error && (
          <p role="alert" className="text-sm text-red-700">
            {state.error}
          </p>
        )}
        <button
          type="submit"
          disabled={pending || !first}
          className={
            "min-h-12 w-full rounded-lg bg-brand-600 px-4 text-base font-semibold text-white " +
            "hover:bg-brand-700 disabled:opacity-60"
          }
        >
          {pending ? t.preparing : t.continue}
        </button>
      </form>
      <CancelPayment
        token={view.token}
        lang={lang}
        disabled={pending}
        label={t.cancelPayment}
        confirm={t.cancelChoiceConfirm(view.siteName)}
      />
    </div>
  );
}
