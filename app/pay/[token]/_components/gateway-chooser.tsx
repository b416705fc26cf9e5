"use client";

import { startTransition, useActionState, useState } from "react";
import { chooseGatewayAction } from "@/app/pay/[token]/actions";
import { PAY_MESSAGES, type Lang } from "@/lib/edge/i18n/pay/messages";
import type { PaymentView } from "@/lib/edge/pay/load-payment";
import { THIRD_PARTY_KINDS } from "@/lib/domain/payment-methods";
import { kindOfMethod } from "@/lib/domain/payment-methods/third-party-kinds";
import { Countdown } from "@/components/pay/countdown";

/** The kinds in the order the provider document lists methods 4-6 (the payment-method table's order). */
const KIND_ORDER = THIRD_PARTY_KINDS;

/** The customer chooses how to pay (bank, crypto, wallet) and a gateway that takes the amount. */
export function GatewayChooser({ view, lang, onExpire }: { view: PaymentView; lang: Lang; onExpire: () => void }) {
  const t = PAY_MESSAGES[lang];
  const preferred = kindOfMethod(view.method) ?? "bank";
  const [kind, setKind] = useState<string>(preferred);
  const options = view.gateways.filter((g) => g.kind === kind);
  const [gatewayId, setGatewayId] = useState<number | null>(null);
  const chosen = options.find((g) => g.id === gatewayId) ?? options[0];
  const [state, choose, pending] = useActionState(chooseGatewayAction, {});
  return (
    <form
      action={choose}
      // Submitted by hand, so React does not reset the form after a refusal: the customer's provider and coin
      // stay chosen for "Continue" again. Without scripts the form posts to the same action.
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        startTransition(() => choose(data));
      }}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="token" value={view.token} />
      <input type="hidden" name="lang" value={lang} />
      {view.expiresAt && <Countdown until={view.expiresAt} label={t.timeLeft} onExpire={onExpire} />}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-700">{t.chooseHow}</legend>
        <div className="grid grid-cols-3 gap-2" role="radiogroup">
          {KIND_ORDER.map((k) => (
            <label key={k} className={`flex min-h-12 cursor-pointer items-center justify-center rounded-lg px-2 text-center text-sm font-medium ring-1 ${k === kind ? "bg-brand-50 text-brand-700 ring-brand-500" : "bg-white ring-slate-300"}`}>
              <input type="radio" name="kind" value={k} checked={k === kind} onChange={() => setKind(k)} className="sr-only" />
              {t.kinds[k]}
            </label>
          ))}
        </div>
      </fieldset>
      {options.length === 0 ? (
        <p className="rounded-lg bg-slate-100 p-4 text-sm text-slate-700">{t.noGateway}</p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-slate-700">{t.chooseGateway}</legend>
          {options.map((g) => (
            <label key={g.id} className={`flex min-h-12 cursor-pointer flex-col justify-center rounded-lg bg-white px-4 py-2 ring-1 ${g.id === chosen?.id ? "ring-2 ring-brand-500" : "ring-slate-300"}`}>
              <span className="flex items-center gap-2 font-medium">
                <input type="radio" name="gateway" value={g.id} checked={g.id === chosen?.id} onChange={() => setGatewayId(g.id)} />
                {g.name}
              </span>
              {g.description && <span className="text-xs text-slate-500">{g.description}</span>}
            </label>
          ))}
          {kind === "crypto" && chosen && (
            <label className="mt-2 flex flex-col gap-1 text-sm font-medium text-slate-700">
              {t.coin}
              <select name="cryptoType" className="min-h-12 rounded-lg border border-slate-300 bg-white px-3">
                {chosen.cryptoTypes.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
          )}
        </fieldset>
      )}
      {state.error && (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      )}
      <button type="submit" disabled={pending || !chosen} className="min-h-12 w-full rounded-lg bg-brand-600 px-4 text-base font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
        {pending ? t.preparing : t.continue}
      </button>
    </form>
  );
}
