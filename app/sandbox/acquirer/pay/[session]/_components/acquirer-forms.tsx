"use client";

import { useActionState, useEffect } from "react";
import {
  answerChallengeAction,
  cancelCheckoutAction,
  submitCardAction,
} from "@/app/sandbox/acquirer/pay/[session]/actions";
import type { Lang } from "@/lib/edge/i18n/pay/messages";
import { SANDBOX_ACQUIRER_MESSAGES } from "@/lib/edge/i18n/sandbox-acquirer/messages";

const INPUT =
  "min-h-12 w-full rounded-lg border border-slate-300 px-3 text-lg focus:border-indigo-500 focus:ring-2 " +
  "focus:ring-indigo-100 focus:outline-none";
const BUTTON = "min-h-12 w-full rounded-lg px-4 font-semibold disabled:opacity-60";

/** Opens the merchant's return address as a full page load once an action hands it over (actions.ts, go()). */
function useLeave(to: string | undefined) {
  useEffect(() => {
    if (to) window.location.assign(to);
  }, [to]);
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

export function CardForm({ session, lang }: { session: string; lang: Lang }) {
  const t = SANDBOX_ACQUIRER_MESSAGES[lang];
  const [state, submit, pending] = useActionState(submitCardAction, {});
  const [cancelled, cancel, cancelling] = useActionState(cancelCheckoutAction, {});
  useLeave(state.leaveTo ?? cancelled.leaveTo);
  return (
    <div className="flex flex-col gap-3">
      <form action={submit} className="flex flex-col gap-3">
        <input type="hidden" name="session" value={session} />
        <input type="hidden" name="lang" value={lang} />
        <Field id="number" label={t.cardNumber}>
          <input
            id="number"
            name="number"
            inputMode="numeric"
            autoComplete="cc-number"
            className={INPUT}
            placeholder="4242 4242 4242 4242"
            required
          />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field id="expiry" label={t.expiry}>
            <input
              id="expiry"
              name="expiry"
              inputMode="numeric"
              autoComplete="cc-exp"
              className={INPUT}
              placeholder={lang === "tr" ? "AA/YY" : "MM/YY"}
              required
            />
          </Field>
          <Field id="cvc" label={t.cvc}>
            <input
              id="cvc"
              name="cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              className={INPUT}
              placeholder="123"
              required
            />
          </Field>
        </div>
        {state.error && (
          <p role="alert" className="text-sm text-red-700">
            {state.error}
          </p>
        )}
        <button type="submit" disabled={pending} className={`${BUTTON} bg-indigo-600 text-white`}>
          {pending ? t.processing : t.submit}
        </button>
      </form>
      <form action={cancel}>
        <input type="hidden" name="session" value={session} />
        <input type="hidden" name="lang" value={lang} />
        <button
          type="submit"
          disabled={cancelling}
          className={`${BUTTON} bg-white text-slate-700 ring-1 ring-slate-300`}
        >
          {t.cancel}
        </button>
      </form>
    </div>
  );
}

export function ChallengeForm({ session, lang }: { session: string; lang: Lang }) {
  const t = SANDBOX_ACQUIRER_MESSAGES[lang];
  const [state, submit, pending] = useActionState(answerChallengeAction, {});
  useLeave(state.leaveTo);
  return (
    <form action={submit} className="flex flex-col gap-3">
      <input type="hidden" name="session" value={session} />
      <input type="hidden" name="lang" value={lang} />
      <Field id="otp" label={t.otp}>
        <input id="otp" name="otp" inputMode="numeric" autoComplete="one-time-code" className={INPUT} required />
      </Field>
      {state.error && (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      )}
      <button type="submit" disabled={pending} className={`${BUTTON} bg-indigo-600 text-white`}>
        {pending ? t.verifying : t.verify}
      </button>
    </form>
  );
}
