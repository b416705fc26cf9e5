"use client";

import { startTransition, useActionState, type ReactNode } from "react";
import { chooseGatewayAction } from "@/app/pay/[token]/actions";
import { CancelPayment, type CancelWords } from "@/app/pay/[token]/_components/cancel-payment";
import type { Lang } from "@/lib/edge/i18n/lang";
import type { PayMessages } from "@/lib/edge/i18n/pay/en";

/**
 * The gateway choice's form around the options the server rendered (real radio buttons), its "Continue", and
 * "Cancel", which waits while the gateway's details are being fetched.
 */
export function GatewayForm({
  token,
  lang,
  kind,
  canContinue,
  children,
  words: w,
  cancel,
}: {
  token: string;
  lang: Lang;
  kind: string;
  canContinue: boolean;
  children: ReactNode;
  words: Pick<PayMessages, "continue" | "preparing">;
  cancel: CancelWords;
}) {
  const [state, choose, pending] = useActionState(chooseGatewayAction, {});
  return (
    <>
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
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="kind" value={kind} />
        {children}
        {state.error && (
          <p role="alert" className="text-sm text-red-700">
            {state.error}
          </p>
        )}
        <button
          type="submit"
          disabled={pending || !canContinue}
          className={
            "min-h-12 w-full rounded-lg bg-brand-600 px-4 text-base font-semibold text-white " +
            "hover:bg-brand-700 disabled:opacity-60"
          }
        >
          {pending ? w.preparing : w.continue}
        </button>
      </form>
      <CancelPayment token={token} lang={lang} disabled={pending} words={cancel} />
    </>
  );
}
